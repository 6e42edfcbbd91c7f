import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import type {
  Control,
  FieldErrors,
  UseFormGetValues,
  UseFormRegister,
  UseFormSetValue,
} from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import {
  PAGERDUTY_SEVERITIES,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_KINDS,
} from '@expiry-radar/shared/domain/alerts';
import type { AlertSettingsFormValues, AlertSettingsSubmit } from '../alert-settings-form-model';
import { firstErrorMessage } from './field-error';
import { RowFieldset } from './row-fieldset';

/** PagerDuty's Events API v2 address, the URL a new PagerDuty webhook starts with. */
export const PAGERDUTY_EVENTS_URL = 'https://events.pagerduty.com/v2/enqueue';

export const PAUSED_WEBHOOK_LABEL = "Paused (over your plan's limit)";
export const PAUSED_WEBHOOK_HELP =
  "Alerts go to the first webhooks your workspace's plan allows. Remove one above it or upgrade to use this one again.";

/** What "Automatic" means (the days-left rule alerts follow) and what a fixed one does. */
export const PAGERDUTY_SEVERITY_HELP =
  'Automatic: critical once expired, error with 1 day left, warning within 7 days, info before. Choose one to send every alert at that severity.';

const URL_PLACEHOLDERS = {
  generic: 'https://example.com/hooks/expiry-radar',
  slack: 'https://hooks.slack.com/services/…',
  teams: 'https://example.webhook.office.com/…',
  discord: 'https://discord.com/api/webhooks/…',
  pagerduty: PAGERDUTY_EVENTS_URL,
} as const;

interface WebhookRowProps {
  index: number;
  control: Control<AlertSettingsFormValues, unknown, AlertSettingsSubmit>;
  register: UseFormRegister<AlertSettingsFormValues>;
  getValues: UseFormGetValues<AlertSettingsFormValues>;
  setValue: UseFormSetValue<AlertSettingsFormValues>;
  errors: FieldErrors<AlertSettingsFormValues>;
  readOnly: boolean;
  /** Beyond the plan's webhook limit (kept from a higher plan): alerts skip it. */
  paused: boolean;
  testing: boolean;
  onTest: () => void;
  onRemove: () => void;
}

/** One webhook: name, kind, URL (PagerDuty: routing key and severity), test and remove. */
export function WebhookRow({
  index,
  control,
  register,
  getValues,
  setValue,
  errors,
  readOnly,
  paused,
  testing,
  onTest,
  onRemove,
}: WebhookRowProps) {
  const kind = useWatch({ control, name: `webhook_urls.${index}.kind` });
  const name = useWatch({ control, name: `webhook_urls.${index}.name` });
  const rowErrors = errors.webhook_urls?.[index];
  const label = (name ?? '').trim() === '' ? `Webhook ${index + 1}` : name;
  const fieldsShowTheirErrors =
    !rowErrors || rowErrors.name || rowErrors.url || rowErrors.routing_key || rowErrors.severity;

  return (
    <RowFieldset
      label={label}
      problem={fieldsShowTheirErrors ? undefined : firstErrorMessage(rowErrors)}
    >
      {paused && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip size="small" color="warning" label={PAUSED_WEBHOOK_LABEL} />
          <Typography variant="body2" color="textSecondary">
            {PAUSED_WEBHOOK_HELP}
          </Typography>
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...register(`webhook_urls.${index}.name`)}
          label="Name"
          required
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { readOnly } }}
          error={Boolean(rowErrors?.name)}
          helperText={rowErrors?.name?.message}
        />
        <Controller
          control={control}
          name={`webhook_urls.${index}.kind`}
          render={({ field }) => (
            <TextField
              select
              label="Kind"
              {...field}
              onChange={(event) => {
                field.onChange(event);
                // PagerDuty has one address: it is filled in when the URL is still empty.
                const urlName = `webhook_urls.${index}.url` as const;
                if (event.target.value === 'pagerduty' && getValues(urlName).trim() === '') {
                  setValue(urlName, PAGERDUTY_EVENTS_URL, { shouldDirty: true });
                }
              }}
              disabled={readOnly}
              sx={{ minWidth: { sm: 200 } }}
            >
              {WEBHOOK_KINDS.map((value) => (
                <MenuItem key={value} value={value}>
                  {WEBHOOK_KIND_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
      <TextField
        {...register(`webhook_urls.${index}.url`)}
        label="URL"
        type="url"
        required
        placeholder={URL_PLACEHOLDERS[kind]}
        slotProps={{ htmlInput: { readOnly, spellCheck: false } }}
        error={Boolean(rowErrors?.url)}
        helperText={rowErrors?.url?.message}
      />
      {kind === 'pagerduty' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...register(`webhook_urls.${index}.routing_key`)}
            label="Routing key"
            required
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { readOnly, spellCheck: false } }}
            error={Boolean(rowErrors?.routing_key)}
            helperText={rowErrors?.routing_key?.message ?? 'The integration key of the service.'}
          />
          <Controller
            control={control}
            name={`webhook_urls.${index}.severity`}
            render={({ field }) => (
              <TextField
                select
                label="Severity"
                {...field}
                disabled={readOnly}
                sx={{ minWidth: { sm: 200 } }}
                error={Boolean(rowErrors?.severity)}
                helperText={rowErrors?.severity?.message ?? PAGERDUTY_SEVERITY_HELP}
              >
                <MenuItem value="">Automatic</MenuItem>
                {PAGERDUTY_SEVERITIES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {value[0]?.toUpperCase()}
                    {value.slice(1)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      )}
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
          <Button
            size="small"
            startIcon={<SendOutlined />}
            onClick={onTest}
            disabled={testing}
            aria-label={`Send test to ${label}`}
          >
            {testing ? 'Sending…' : 'Send test'}
          </Button>
          <Tooltip title="Remove webhook">
            <IconButton aria-label={`Remove ${label}`} onClick={onRemove} size="small">
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </Box>
      )}
    </RowFieldset>
  );
}
