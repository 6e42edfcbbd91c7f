import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, type Control, type FieldPathByValue } from 'react-hook-form';
import type { AlertSettingsFormValues, AlertSettingsSubmit } from '../alert-settings-form-model';

interface SettingSwitchProps {
  control: Control<AlertSettingsFormValues, unknown, AlertSettingsSubmit>;
  name: FieldPathByValue<AlertSettingsFormValues, boolean>;
  label: string;
  readOnly: boolean;
}

/** An alert setting that is on or off, as a labelled switch. */
export function SettingSwitch({ control, name, label, readOnly }: SettingSwitchProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              disabled={readOnly}
            />
          }
          label={label}
        />
      )}
    />
  );
}
