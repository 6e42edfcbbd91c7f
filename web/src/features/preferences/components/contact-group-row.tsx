import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import type { AlertSettingsFormValues, AlertSettingsSubmit } from '../alert-settings-form-model';
import { firstErrorMessage, ownErrorMessage } from './field-error';
import { RowFieldset } from './row-fieldset';

interface ContactGroupRowProps {
  index: number;
  control: Control<AlertSettingsFormValues, unknown, AlertSettingsSubmit>;
  register: UseFormRegister<AlertSettingsFormValues>;
  errors: FieldErrors<AlertSettingsFormValues>;
  /** Names of the webhooks in the form, for the group's webhook choice. */
  webhookNames: string[];
  /** The other groups of the form, for the escalation choice. */
  escalationChoices: { id: string; label: string }[];
  disabled: boolean;
  onRemove: () => void;
}

/**
 * One contact group: name, addresses, webhooks, its own thresholds if any, and the group its
 * still unrenewed tokens escalate to.
 */
export function ContactGroupRow({
  index,
  control,
  register,
  errors,
  webhookNames,
  escalationChoices,
  disabled,
  onRemove,
}: ContactGroupRowProps) {
  const name = useWatch({ control, name: `contact_groups.${index}.name` });
  const escalationGroup = useWatch({
    control,
    name: `contact_groups.${index}.escalation.group_id`,
  });
  const rowErrors = errors.contact_groups?.[index];
  const label = (name ?? '').trim() === '' ? `Contact group ${index + 1}` : name;

  return (
    <RowFieldset label={label} problem={ownErrorMessage(rowErrors)}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...register(`contact_groups.${index}.name`)}
          label="Group name"
          required
          disabled={disabled}
          sx={{ flex: 1 }}
          error={Boolean(rowErrors?.name)}
          helperText={rowErrors?.name?.message}
        />
        {!disabled && (
          <Tooltip title="Remove contact group">
            <IconButton aria-label={`Remove ${label}`} onClick={onRemove} sx={{ mt: 1 }}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <TextField
        {...register(`contact_groups.${index}.emails`)}
        label="Email addresses"
        multiline
        minRows={2}
        disabled={disabled}
        placeholder="ops@example.com, security@example.com"
        error={Boolean(rowErrors?.emails)}
        helperText={
          firstErrorMessage(rowErrors?.emails) ?? 'Separate addresses with commas or new lines.'
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          control={control}
          name={`contact_groups.${index}.webhook_names`}
          render={({ field }) => (
            <TextField
              select
              label="Webhooks"
              sx={{ flex: 1 }}
              disabled={disabled || webhookNames.length === 0}
              value={field.value}
              onChange={(event) => {
                const value = event.target.value as unknown;
                field.onChange(typeof value === 'string' ? value.split(',') : value);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(rowErrors?.webhook_names)}
              helperText={
                firstErrorMessage(rowErrors?.webhook_names) ??
                (webhookNames.length === 0
                  ? 'Add a webhook above to route this group to it.'
                  : undefined)
              }
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) => (selected as string[]).join(', '),
                },
              }}
            >
              {webhookNames.map((webhook) => (
                <MenuItem key={webhook} value={webhook}>
                  <Checkbox checked={field.value.includes(webhook)} size="small" />
                  <ListItemText primary={webhook} />
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          {...register(`contact_groups.${index}.thresholds`)}
          label="Own thresholds (days)"
          disabled={disabled}
          sx={{ flex: 1 }}
          placeholder="Workspace thresholds"
          error={Boolean(rowErrors?.thresholds)}
          helperText={
            firstErrorMessage(rowErrors?.thresholds) ?? 'Empty: the workspace thresholds.'
          }
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          control={control}
          name={`contact_groups.${index}.escalation.group_id`}
          render={({ field }) => (
            <TextField
              select
              label="Escalate to"
              sx={{ flex: 1 }}
              disabled={disabled}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              error={Boolean(rowErrors?.escalation?.group_id)}
              helperText={
                rowErrors?.escalation?.group_id?.message ??
                (escalationChoices.length === 0
                  ? 'Add another contact group to escalate to it.'
                  : 'Gets a token once more when it is still not renewed after its last alert.')
              }
            >
              <MenuItem value="">No escalation</MenuItem>
              {escalationChoices.map((choice) => (
                <MenuItem key={choice.id} value={choice.id}>
                  {choice.label}
                </MenuItem>
              ))}
              {field.value !== '' && !escalationChoices.some((c) => c.id === field.value) && (
                <MenuItem value={field.value}>Removed group</MenuItem>
              )}
            </TextField>
          )}
        />
        <TextField
          {...register(`contact_groups.${index}.escalation.delay_hours`)}
          label="Escalate after (hours)"
          disabled={disabled}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(rowErrors?.escalation?.delay_hours)}
          helperText={
            rowErrors?.escalation?.delay_hours?.message ??
            (escalationGroup === ''
              ? 'Used once a group to escalate to is chosen.'
              : 'Counted from the opening of its last alert window.')
          }
        />
      </Stack>
    </RowFieldset>
  );
}
