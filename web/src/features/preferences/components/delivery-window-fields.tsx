import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { WEEKDAY_LABELS, WEEKDAYS } from '@expiry-radar/shared/domain/alerts';
import { TimeZoneField } from '../../../components/time-zone-field';
import type { AlertSettingsFormValues, AlertSettingsSubmit } from '../alert-settings-form-model';
import { firstErrorMessage } from './field-error';
import { SettingSwitch } from './setting-switch';

interface DeliveryWindowFieldsProps {
  control: Control<AlertSettingsFormValues, unknown, AlertSettingsSubmit>;
  errors: FieldErrors<AlertSettingsFormValues>;
  readOnly: boolean;
}

/**
 * Quiet hours: alerts only on the chosen weekdays between two times in a time zone; those due
 * outside wait for the next start, except (when ticked) expiry-day and expired ones.
 */
export function DeliveryWindowFields({ control, errors, readOnly }: DeliveryWindowFieldsProps) {
  const enabled = useWatch({ control, name: 'delivery_window.enabled' });
  const windowErrors = errors.delivery_window;
  return (
    <Stack spacing={2}>
      <SettingSwitch
        control={control}
        name="delivery_window.enabled"
        label="Send alerts only during a delivery window"
        readOnly={readOnly}
      />
      {enabled && (
        <>
          <Controller
            control={control}
            name="delivery_window.time_zone"
            render={({ field }) => (
              <TimeZoneField
                value={field.value}
                readOnly={readOnly}
                onChange={field.onChange}
                error={firstErrorMessage(windowErrors?.time_zone)}
              />
            )}
          />
          <Controller
            control={control}
            name="delivery_window.days"
            render={({ field }) => (
              <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
                <FormLabel component="legend">Weekdays</FormLabel>
                <FormGroup row>
                  {WEEKDAYS.map((day) => (
                    <FormControlLabel
                      key={day}
                      label={WEEKDAY_LABELS[day]}
                      control={
                        <Checkbox
                          checked={field.value.includes(day)}
                          disabled={readOnly}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, day].sort((a, b) => a - b)
                                : field.value.filter((value) => value !== day),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {windowErrors?.days && (
                  <FormHelperText error>{firstErrorMessage(windowErrors.days)}</FormHelperText>
                )}
              </fieldset>
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {(['start', 'end'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={`delivery_window.${name}`}
                render={({ field }) => (
                  <TextField
                    {...field}
                    type="time"
                    label={name === 'start' ? 'From' : 'Until'}
                    sx={{ maxWidth: 200 }}
                    slotProps={{ htmlInput: { readOnly, step: 60 }, inputLabel: { shrink: true } }}
                    error={Boolean(windowErrors?.[name])}
                    helperText={
                      firstErrorMessage(windowErrors?.[name]) ??
                      (name === 'end' ? 'Before "From": the window runs past midnight.' : ' ')
                    }
                  />
                )}
              />
            ))}
          </Stack>
          <Controller
            control={control}
            name="delivery_window.urgent_any_time"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    disabled={readOnly}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label="Send expiry-day and expired alerts at any time"
              />
            )}
          />
        </>
      )}
    </Stack>
  );
}
