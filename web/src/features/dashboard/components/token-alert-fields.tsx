import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Control } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { canSetContactGroup, isEditorRole } from '@expiry-radar/shared/domain/permissions';
import {
  DEFAULT_RENEWAL_GRACE_DAYS,
  renewsAutomaticallyByDefault,
} from '@expiry-radar/shared/domain/token-alert-fields';
import { alertSettingsQueryOptions } from '../../../lib/alert-settings-query';
import { contactGroupsQueryOptions } from '../../tokens';
import type { TokenFormValues } from '../token-form-values';

export const ADDITIONAL_GROUPS_LABEL = 'Also alert';
export const ADDITIONAL_GROUPS_HELP =
  'More contact groups for this token; each gets its alerts at its own thresholds.';
export const RENEWS_AUTOMATICALLY_LABEL = 'Renews automatically';
export const RENEWAL_GRACE_LABEL = 'Renewal grace (days)';

interface TokenAlertFieldProps {
  control: Control<TokenFormValues>;
  workspace: Workspace;
  idPrefix: string;
}

/**
 * More contact groups besides the token's own: admins and workspace managers of workspaces whose
 * plan has contact groups pick any of the groups; elsewhere the field is not shown.
 */
export function AdditionalContactGroupsField({
  control,
  workspace,
  idPrefix,
}: TokenAlertFieldProps) {
  const allowed = canSetContactGroup(workspace.role, workspace.plan);
  const groups = useQuery({ ...contactGroupsQueryOptions(workspace.id), enabled: allowed });
  if (!allowed) return null;
  const nameOf = (id: string) =>
    groups.data?.find((group) => group.id === id)?.name ??
    (groups.data ? 'Removed group' : 'Loading…');
  return (
    <Controller
      control={control}
      name="additional_contact_group_ids"
      render={({ field, fieldState }) => (
        <TextField
          select
          id={`${idPrefix}-additional-contact-groups`}
          label={ADDITIONAL_GROUPS_LABEL}
          fullWidth
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) =>
                (selected as string[]).length === 0
                  ? 'No other group'
                  : (selected as string[]).map(nameOf).join(', '),
            },
            inputLabel: { shrink: true },
          }}
          helperText={
            fieldState.error?.message ??
            (groups.isError ? 'Contact groups could not be loaded.' : ADDITIONAL_GROUPS_HELP)
          }
        >
          {(groups.data ?? []).map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {group.name}
            </MenuItem>
          ))}
          {/* Groups the token keeps stay listed while the list loads, or if they were removed. */}
          {field.value
            .filter((id) => !(groups.data ?? []).some((group) => group.id === id))
            .map((id) => (
              <MenuItem key={id} value={id}>
                {nameOf(id)}
              </MenuItem>
            ))}
        </TextField>
      )}
    />
  );
}

/**
 * "Renews automatically" and its grace point. Unset in the create form, it follows the default
 * (on for a certificate whose endpoints are monitored) until the box is clicked.
 */
export function RenewsAutomaticallyFields({ control, workspace, idPrefix }: TokenAlertFieldProps) {
  const editor = isEditorRole(workspace.role);
  const workspaceGrace = useQuery({
    ...alertSettingsQueryOptions(workspace.id),
    select: (settings) => settings.renewal_grace_days,
    enabled: editor,
  });
  const [category, endpoints, renews] = useWatch({
    control,
    name: ['category', 'endpoints', 'renews_automatically'],
  });
  if (!editor) return null;
  const checked =
    renews === ''
      ? renewsAutomaticallyByDefault({
          category,
          endpoints: endpoints.trim() === '' ? [] : [endpoints],
        })
      : renews === 'true';
  const graceDays = workspaceGrace.data ?? DEFAULT_RENEWAL_GRACE_DAYS;
  return (
    <>
      <Controller
        control={control}
        name="renews_automatically"
        render={({ field }) => (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  id={`${idPrefix}-renews-automatically`}
                  checked={checked}
                  onChange={(event) => field.onChange(event.target.checked ? 'true' : 'false')}
                  onBlur={field.onBlur}
                />
              }
              label={RENEWS_AUTOMATICALLY_LABEL}
            />
            <FormHelperText sx={{ mt: 0 }}>
              No threshold alerts: one “renewal overdue” alert if it is not renewed by its grace
              point, then the usual ones.
            </FormHelperText>
          </Box>
        )}
      />
      {checked && (
        <Controller
          control={control}
          name="renewal_grace_days"
          render={({ field, fieldState }) => (
            <TextField
              id={`${idPrefix}-renewal-grace-days`}
              label={RENEWAL_GRACE_LABEL}
              type="number"
              fullWidth
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              slotProps={{ htmlInput: { min: 1, max: 365, step: 1 } }}
              placeholder={String(graceDays)}
              helperText={
                fieldState.error?.message ??
                `Days before expiry; empty: the workspace's (${graceDays} days)`
              }
            />
          )}
        />
      )}
    </>
  );
}
