import { DEFAULT_RENEWAL_GRACE_DAYS } from '@expiry-radar/shared/domain/token-alert-fields';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { FieldPath } from 'react-hook-form';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { DeliveryWindowFields } from './delivery-window-fields';
import { Link as RouterLink } from 'react-router';
import type { AlertSettings } from '@expiry-radar/shared/api/alert-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { DEFAULT_ALERT_THRESHOLDS } from '@expiry-radar/shared/domain/alerts';
import { canManageAlertSettings } from '@expiry-radar/shared/domain/permissions';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes';
import { alertSettingsQueryOptions } from '../../../lib/alert-settings-query';
import { ApiError, refusalMessage, reportApiError, toastRefusal } from '../../../lib/api-client';
import { apiFieldErrors, hasErrorCode } from '../../../lib/api-error-details';
import { paths } from '../../../lib/paths';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import {
  useSaveAlertSettingsMutation,
  useTestWebhookMutation,
} from '../api/alert-settings-mutations';
import type { AlertSettingsFormValues, AlertSettingsSubmit } from '../alert-settings-form-model';
import {
  EMPTY_CONTACT_GROUP,
  EMPTY_WEBHOOK,
  formatDays,
  NO_ESCALATION,
  storedAsBody,
  toFormValues,
} from '../alert-settings-form-model';
import { errorPathFor, alertSettingsResolver } from '../alert-settings-resolver';
import { BouncedAddressesNotice } from './bounced-addresses-notice';
import { ContactGroupRow } from './contact-group-row';
import { firstErrorMessage, ownErrorMessage } from './field-error';
import { SettingSwitch } from './setting-switch';
import { SigningSecretField } from './signing-secret-field';
import { WebhookRow } from './webhook-row';

export const CONTACT_GROUPS_UPGRADE_NOTE =
  'Contact groups are available on the Pro, Team and Enterprise plans.';
export const VIEWER_NOTE =
  'You can view these settings; admins and workspace managers change them.';

/** A contact group id the server accepts (letters, digits, hyphens; at most 64). */
function newGroupId(): string {
  return `cg-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** One titled part of the form, named by its heading. */
function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ mb: 2 }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem' }}>
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        )}
      </Box>
      {children}
    </Paper>
  );
}

/** The failure of a webhook test: the server's reason (the receiver's answer) when it gave one. */
/**
 * Why a test was refused for its URL (not allowed, or resolving to an address that is not), to
 * show under the URL field; null for other failures.
 */
function urlRefusal(error: unknown): string | null {
  const fieldMessage = apiFieldErrors(error).url;
  if (fieldMessage) return fieldMessage;
  if (hasErrorCode(error, 'WEBHOOK_BLOCKED') && error instanceof ApiError) {
    return error.serverMessage ?? null;
  }
  return null;
}

function showTestFailure(error: unknown): void {
  if (error instanceof ApiError && error.serverMessage && error.status !== 401) {
    showErrorToast(error.serverMessage);
  } else {
    reportApiError(error);
  }
}

interface AlertSettingsFormProps {
  workspace: Workspace;
  settings: AlertSettings;
}

/** The button of the alert that another member's save refused this one. */
export const LOAD_THEIR_CHANGES = 'Load their changes';

/**
 * The alert settings of one workspace; read-only for viewers. Leaving with unsaved changes (another
 * page, another workspace, closing the tab) asks first. A save is made only while the settings are
 * as the form loaded them: when another member saved meanwhile, the form keeps the user's input,
 * says so and offers their settings instead.
 */
export function AlertSettingsForm({ workspace, settings }: AlertSettingsFormProps) {
  const queryClient = useQueryClient();
  const save = useSaveAlertSettingsMutation(workspace.id);
  // The settings the form's values were last loaded from: what a save expects to replace.
  const [loaded, setLoaded] = useState(settings);
  const [conflict, setConflict] = useState<string | null>(null);
  const [loadingTheirs, setLoadingTheirs] = useState(false);
  const sendTest = useTestWebhookMutation();
  const canEdit = canManageAlertSettings(workspace.role) && !workspace.is_frozen;
  const readOnly = !canEdit;
  const groupsAllowed = settings.limits.contact_groups;
  const webhookLimit = settings.limits.webhooks;
  const [testing, setTesting] = useState<number | null>(null);

  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    trigger,
    formState: { errors, isDirty, isSubmitting, isSubmitted, isValid },
  } = useForm<AlertSettingsFormValues, unknown, AlertSettingsSubmit>({
    resolver: alertSettingsResolver,
    defaultValues: toFormValues(settings),
  });
  const webhooks = useFieldArray({ control, name: 'webhook_urls' });
  const groups = useFieldArray({ control, name: 'contact_groups' });
  const watchedWebhooks = useWatch({ control, name: 'webhook_urls' });
  const watchedGroups = useWatch({ control, name: 'contact_groups' });
  const webhookNames = [
    ...new Set(
      watchedWebhooks.map((webhook) => (webhook.name ?? '').trim()).filter((name) => name !== ''),
    ),
  ];
  const atWebhookLimit = webhookLimit !== null && webhooks.fields.length >= webhookLimit;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await save.mutateAsync({ body, readUpdatedAt: loaded.updated_at });
      reset(toFormValues(answer));
      setLoaded(answer);
      setConflict(null);
      showSuccessToast(SUCCESS_MESSAGES.alertSettingsSaved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setConflict(refusalMessage(error));
        return;
      }
      const fields = Object.entries(apiFieldErrors(error));
      for (const [path, message] of fields) {
        const name = errorPathFor(path.split('.')).join('.');
        setError(name as FieldPath<AlertSettingsFormValues>, { type: 'server', message });
      }
      if (fields.length === 0) toastRefusal(error);
    }
  });

  // The user's input is dropped only here, when they choose to.
  const loadTheirChanges = async () => {
    setLoadingTheirs(true);
    try {
      const theirs = await queryClient.fetchQuery({
        ...alertSettingsQueryOptions(workspace.id),
        staleTime: 0,
      });
      reset(toFormValues(theirs));
      setLoaded(theirs);
      setConflict(null);
    } catch (error) {
      toastRefusal(error);
    } finally {
      setLoadingTheirs(false);
    }
  };

  const rotateSecret = async () => {
    try {
      await save.mutateAsync({
        body: { ...storedAsBody(settings), rotate_signing_secret: true },
        readUpdatedAt: settings.updated_at,
      });
    } catch (error) {
      toastRefusal(error);
      throw error;
    }
  };

  const testWebhook = async (index: number) => {
    const valid = await trigger([`webhook_urls.${index}.url`, `webhook_urls.${index}.routing_key`]);
    if (!valid) return;
    const webhook = getValues(`webhook_urls.${index}`);
    const extras: Record<string, string> =
      webhook.kind === 'pagerduty'
        ? {
            routing_key: webhook.routing_key.trim(),
            ...(webhook.severity ? { severity: webhook.severity } : {}),
          }
        : {};
    setTesting(index);
    try {
      await sendTest.mutateAsync({
        url: webhook.url.trim(),
        kind: webhook.kind,
        workspaceId: workspace.id,
        extras,
      });
      showSuccessToast(SUCCESS_MESSAGES.webhookTestSent);
    } catch (error) {
      const refusal = urlRefusal(error);
      if (refusal !== null) {
        setError(`webhook_urls.${index}.url`, { type: 'server', message: refusal });
      } else {
        showTestFailure(error);
      }
    } finally {
      setTesting(null);
    }
  };

  const removeWebhook = (index: number) => {
    const name = getValues(`webhook_urls.${index}.name`).trim();
    webhooks.remove(index);
    // Groups no longer route to a webhook that is gone.
    getValues('contact_groups').forEach((group, groupIndex) => {
      if (group.webhook_names.includes(name)) {
        setValue(
          `contact_groups.${groupIndex}.webhook_names`,
          group.webhook_names.filter((webhookName) => webhookName !== name),
          { shouldDirty: true },
        );
      }
    });
  };

  const removeGroup = (index: number) => {
    const id = getValues(`contact_groups.${index}.id`);
    groups.remove(index);
    if (getValues('default_contact_group_id') === id) {
      setValue('default_contact_group_id', '', { shouldDirty: true });
    }
    // Groups no longer escalate to a group that is gone.
    getValues('contact_groups').forEach((group, groupIndex) => {
      if (group.escalation.group_id === id) {
        setValue(`contact_groups.${groupIndex}.escalation.group_id`, '', { shouldDirty: true });
      }
    });
  };

  return (
    <Stack
      component="form"
      noValidate
      aria-label="Alert settings"
      spacing={3}
      onSubmit={(event) => void onSubmit(event)}
    >
      {readOnly && <Alert severity="info">{VIEWER_NOTE}</Alert>}
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />

      <SettingsSection
        id="alert-channels"
        title="Channels"
        description="Where alerts go when tokens approach their expiry."
      >
        <SettingSwitch
          control={control}
          name="email_alerts_enabled"
          label="Email alerts"
          readOnly={readOnly}
        />
        <BouncedAddressesNotice
          workspaceId={workspace.id}
          bounced={settings.bounced_addresses}
          canRemove={canEdit}
        />
        <Typography variant="body2" color="textSecondary" sx={{ mb: 3 }}>
          {settings.admin_email
            ? `Emails go to a token's contact group, or else to the workspace admin (${settings.admin_email}).`
            : "Emails go to a token's contact group, or else to the workspace admin."}
        </Typography>

        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1.5 }}>
          Webhooks
        </Typography>
        <Stack spacing={2}>
          {webhooks.fields.length === 0 && (
            <Typography variant="body2" color="textSecondary">
              No webhooks. Add one to post alerts to Slack, Microsoft Teams, Discord, PagerDuty or
              your own endpoint.
            </Typography>
          )}
          {webhooks.fields.map((item, index) => (
            <WebhookRow
              key={item.id}
              index={index}
              control={control}
              register={register}
              getValues={getValues}
              setValue={setValue}
              errors={errors}
              readOnly={readOnly}
              // Alerts use the first webhooks the plan allows, in this order.
              paused={webhookLimit !== null && index >= webhookLimit}
              testing={testing === index}
              onTest={() => void testWebhook(index)}
              onRemove={() => removeWebhook(index)}
            />
          ))}
          {ownErrorMessage(errors.webhook_urls) && (
            <Typography role="alert" variant="body2" color="error">
              {ownErrorMessage(errors.webhook_urls)}
            </Typography>
          )}
          {!readOnly && (
            <Box>
              <Button
                startIcon={<AddOutlined />}
                onClick={() => webhooks.append({ ...EMPTY_WEBHOOK })}
                disabled={atWebhookLimit}
              >
                Add webhook
              </Button>
              {atWebhookLimit && (
                <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                  This workspace&apos;s plan allows {webhookLimit}{' '}
                  {webhookLimit === 1 ? 'webhook' : 'webhooks'}.{' '}
                  <Link component={RouterLink} to={paths.pricing}>
                    Upgrade for more
                  </Link>
                  .
                </Typography>
              )}
            </Box>
          )}
        </Stack>
      </SettingsSection>

      <SettingsSection
        id="alert-thresholds"
        title="Thresholds"
        description="Days before expiry at which alerts go out."
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            {...register('thresholds')}
            label="Alert thresholds (days before expiry)"
            sx={{ flex: 1, maxWidth: 480 }}
            slotProps={{ htmlInput: { readOnly, inputMode: 'text' } }}
            error={Boolean(errors.thresholds)}
            helperText={
              firstErrorMessage(errors.thresholds) ??
              `Whole days from 0 to 365, separated by commas; default ${formatDays(DEFAULT_ALERT_THRESHOLDS)}.`
            }
          />
          {!readOnly && (
            <Button
              sx={{ mt: { sm: 1 } }}
              onClick={() =>
                setValue('thresholds', formatDays(DEFAULT_ALERT_THRESHOLDS), {
                  shouldDirty: true,
                  shouldValidate: isSubmitted,
                })
              }
            >
              Use defaults
            </Button>
          )}
        </Stack>
        <TextField
          {...register('renewal_grace_days')}
          label="Renewal grace (days before expiry)"
          sx={{ mt: 2, maxWidth: 480 }}
          fullWidth
          slotProps={{ htmlInput: { readOnly, inputMode: 'numeric' } }}
          error={Boolean(errors.renewal_grace_days)}
          helperText={
            firstErrorMessage(errors.renewal_grace_days) ??
            `Tokens that renew automatically get no threshold alerts: one "renewal overdue" alert when one is not renewed by this many days before expiry (1 to 365; default ${DEFAULT_RENEWAL_GRACE_DAYS}), then the thresholds below it.`
          }
        />
      </SettingsSection>

      <SettingsSection
        id="alert-delivery-window"
        title="Delivery window"
        description="Quiet hours: alerts that come due outside the window are held and sent when it opens."
      >
        <DeliveryWindowFields control={control} errors={errors} readOnly={readOnly} />
      </SettingsSection>

      <SettingsSection
        id="alert-contact-groups"
        title="Contact groups"
        description="Route a token's alerts to its own people and webhooks, with their own thresholds if needed."
      >
        {!groupsAllowed && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {CONTACT_GROUPS_UPGRADE_NOTE}{' '}
            <Link component={RouterLink} to={paths.pricing}>
              Upgrade
            </Link>
          </Alert>
        )}
        <Stack spacing={2}>
          {groups.fields.length === 0 && groupsAllowed && (
            <Typography variant="body2" color="textSecondary">
              No contact groups: alerts go to the workspace&apos;s channels above.
            </Typography>
          )}
          {groups.fields.map((item, index) => (
            <ContactGroupRow
              key={item.id}
              index={index}
              control={control}
              register={register}
              errors={errors}
              webhookNames={webhookNames}
              escalationChoices={watchedGroups.flatMap((group, groupIndex) =>
                group.id === '' || groupIndex === index
                  ? []
                  : [
                      {
                        id: group.id,
                        label: (group.name ?? '').trim() || `Contact group ${groupIndex + 1}`,
                      },
                    ],
              )}
              disabled={readOnly || !groupsAllowed}
              onRemove={() => removeGroup(index)}
            />
          ))}
          {ownErrorMessage(errors.contact_groups) && (
            <Typography role="alert" variant="body2" color="error">
              {ownErrorMessage(errors.contact_groups)}
            </Typography>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            {!readOnly && (
              <Button
                startIcon={<AddOutlined />}
                disabled={!groupsAllowed}
                onClick={() =>
                  groups.append({
                    ...EMPTY_CONTACT_GROUP,
                    escalation: { ...NO_ESCALATION },
                    id: newGroupId(),
                  })
                }
                sx={{ mt: { sm: 1 } }}
              >
                Add contact group
              </Button>
            )}
            <Controller
              control={control}
              name="default_contact_group_id"
              render={({ field }) => (
                <TextField
                  select
                  label="Default contact group"
                  {...field}
                  disabled={readOnly || !groupsAllowed}
                  sx={{ minWidth: 260 }}
                  error={Boolean(errors.default_contact_group_id)}
                  helperText={
                    errors.default_contact_group_id?.message ??
                    'For tokens without a contact group of their own.'
                  }
                >
                  <MenuItem value="">None</MenuItem>
                  {watchedGroups.map((group, index) => (
                    <MenuItem key={group.id || index} value={group.id}>
                      {(group.name ?? '').trim() || `Contact group ${index + 1}`}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </Stack>
      </SettingsSection>

      {settings.webhook_signing_secret && (
        <SettingsSection id="alert-signing" title="Webhook signing">
          <SigningSecretField
            secret={settings.webhook_signing_secret}
            onRotate={canEdit ? rotateSecret : undefined}
          />
        </SettingsSection>
      )}

      {canEdit && (
        <>
          <Divider />
          {isSubmitted && !isValid && (
            <Alert severity="error">
              Some settings need attention: see the highlighted fields.
            </Alert>
          )}
          {conflict && (
            <Alert
              severity="error"
              action={
                <Button
                  color="inherit"
                  size="small"
                  disabled={loadingTheirs || isSubmitting}
                  onClick={() => void loadTheirChanges()}
                >
                  {LOAD_THEIR_CHANGES}
                </Button>
              }
            >
              {conflict}
            </Alert>
          )}
          <Stack direction="row" spacing={1.5}>
            <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? 'Saving…' : 'Save alert settings'}
            </Button>
            <Button
              type="button"
              disabled={isSubmitting || !isDirty}
              onClick={() => {
                reset(toFormValues(settings));
                setLoaded(settings);
                setConflict(null);
              }}
            >
              Discard changes
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
