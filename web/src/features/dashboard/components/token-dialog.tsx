import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { allowedCategoryFields } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { TokenUpdate } from '@expiry-radar/shared/domain/update-token-schema';
import { refusalMessage, toastRefusal } from '../../../lib/api-client';
import { showErrorToast } from '../../../lib/toasts';
import {
  isTokenChangedMeanwhile,
  isTokenDeleted,
  ownerOptionsQueryOptions,
  TOKEN_DELETED_MESSAGE,
  useReloadTokenMutation,
  useUpdateTokenMutation,
  type ContactGroupOption,
  type OwnerOption,
} from '../../tokens';
import { applyServerFieldErrors } from '../server-field-errors';
import { DateText } from '../../../components/date-text';
import { ExpiryPill, PillScope } from '../../../components/expiry-pill';
import { UnsavedChangesGuard, useDiscardConfirmation } from '../../../components/unsaved-changes';
import { categoryLabel, fieldText, typeLabel } from '../token-display';
import {
  CATEGORY_FIELD_SPECS,
  editBody,
  editTokenResolver,
  tokenToFormValues,
} from '../token-form-values';
import type { TokenFormValues } from '../token-form-values';
import { EndpointStatusList } from './endpoint-status';
import { RegistrationStatus } from './registration-status';
import { TokenAlertAction } from './token-alert-action';
import { TokenFormFields } from './token-form-fields';
import { USE_WORKSPACE_DEFAULT } from './contact-group-field';
import { NO_OWNER } from './owner-field';
import { ADDITIONAL_GROUPS_LABEL, RENEWS_AUTOMATICALLY_LABEL } from './token-alert-fields';

interface TokenDialogProps {
  token: Token;
  workspace: Workspace;
  userEmail: string | null;
  canEdit: boolean;
  contactGroups: readonly ContactGroupOption[] | undefined;
  now: Date;
  onClose: () => void;
  /** The saved token, as the server answered. */
  onSaved: (saved: Token, previous: Token) => void;
}

function contactGroupText(token: Token, groups: readonly ContactGroupOption[] | undefined) {
  if (!token.contact_group_id) return USE_WORKSPACE_DEFAULT;
  return groups?.find((group) => group.id === token.contact_group_id)?.name ?? 'Assigned group';
}

function additionalGroupsText(
  token: Token,
  groups: readonly ContactGroupOption[] | undefined,
): string | null {
  const ids = token.additional_contact_group_ids ?? [];
  if (ids.length === 0) return null;
  return ids
    .map((id) => groups?.find((group) => group.id === id)?.name ?? 'Removed group')
    .join(', ');
}

/** "Yes: overdue 14 days before expiry (the workspace's)", or "No". */
function renewsAutomaticallyText(token: Token): string {
  if (!token.renews_automatically) return 'No';
  return token.renewal_grace_days
    ? `Yes: overdue ${token.renewal_grace_days} days before expiry`
    : "Yes: overdue at the workspace's grace point";
}

function ownerText(token: Token, members: readonly OwnerOption[] | undefined): string {
  if (!token.owner_id) return NO_OWNER;
  return members?.find((member) => member.id === token.owner_id)?.label ?? 'Former member';
}

export const LOAD_THEIR_CHANGES = 'Load their changes';

/**
 * The token detail dialog: view, then edit; cancel reverts. Unsaved edits are not lost silently:
 * cancelling or leaving the page asks first. A save is made only while the token is as the
 * dialog shows it: when another member changed it meanwhile the dialog keeps the user's input,
 * says so and offers their changes instead; when another member deleted it the dialog closes.
 */
export function TokenDialog(props: TokenDialogProps) {
  const { workspace, userEmail, canEdit, contactGroups, now, onClose, onSaved } = props;
  // Their changes, once loaded, until a later save gives the dialog a newer token.
  const [reloaded, setReloaded] = useState<Token | null>(null);
  const token = reloaded && reloaded.updated_at > props.token.updated_at ? reloaded : props.token;
  const [conflict, setConflict] = useState<string | null>(null);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [editing, setEditing] = useState(false);
  const owners = useQuery({
    ...ownerOptionsQueryOptions(workspace.id),
    enabled: Boolean(token.owner_id),
  });
  // Silent: a refusal shows at the fields it names, else as a toast.
  const save = useUpdateTokenMutation({ silent: true });
  const reload = useReloadTokenMutation();
  const form = useForm<TokenFormValues, unknown, TokenUpdate>({
    resolver: editTokenResolver(token),
    defaultValues: tokenToFormValues(token),
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty, isSubmitting },
  } = form;

  const cancelEdit = () => {
    reset(tokenToFormValues(token));
    setConflict(null);
    setEditing(false);
  };

  const closeDeleted = () => {
    showErrorToast(TOKEN_DELETED_MESSAGE);
    onClose();
  };

  // The user's input is dropped only here, when they choose to.
  const loadTheirChanges = async () => {
    let fresh: Token | null;
    try {
      fresh = await reload.mutateAsync(token);
    } catch (error) {
      toastRefusal(error);
      return;
    }
    if (!fresh) {
      closeDeleted();
      return;
    }
    setReloaded(fresh);
    reset(tokenToFormValues(fresh));
    setConflict(null);
  };
  // Cancel, Escape or the backdrop with unsaved changes asks "Discard changes?" first.
  const { requestDiscard, confirmation } = useDiscardConfirmation(isDirty, cancelEdit);

  const onSubmit = handleSubmit(async (update) => {
    let saved: Token;
    try {
      saved = await save.mutateAsync({
        token,
        update: editBody(token, update),
        onlyIfUnchanged: true,
      });
    } catch (error) {
      if (isTokenChangedMeanwhile(error)) setConflict(refusalMessage(error));
      else if (isTokenDeleted(error)) closeDeleted();
      else if (applyServerFieldErrors(error, setError) === 0) toastRefusal(error);
      return;
    }
    setConflict(null);
    reset(tokenToFormValues(saved));
    setEditing(false);
    onSaved(saved, token);
  });

  const rows: Array<[string, ReactNode]> = [
    ['Category', categoryLabel(token)],
    ['Type', typeLabel(token)],
    ['Expiration', <DateText key="expiration" value={token.expiresAt} kind="day" />],
    ['Section', token.section ?? ''],
  ];
  if (canEdit) rows.push(['Contact Group', contactGroupText(token, contactGroups)]);
  const additionalGroups = canEdit ? additionalGroupsText(token, contactGroups) : null;
  if (additionalGroups) rows.push([ADDITIONAL_GROUPS_LABEL, additionalGroups]);
  rows.push([RENEWS_AUTOMATICALLY_LABEL, renewsAutomaticallyText(token)]);
  rows.push(['Owner', ownerText(token, owners.data)]);
  for (const field of allowedCategoryFields(token.category, token.type)) {
    rows.push([
      CATEGORY_FIELD_SPECS[field].label,
      field === 'renewal_date' ? (
        <DateText key={field} value={token.renewal_date} kind="day" />
      ) : (
        fieldText(token, field)
      ),
    ]);
  }
  if (token.endpoints?.length) {
    rows.push(['Endpoints', <EndpointStatusList key="endpoints" endpoints={token.endpoints} />]);
  }
  if (token.registration) {
    rows.push([
      'Registration',
      <RegistrationStatus key="registration" registration={token.registration} />,
    ]);
  }
  rows.push([
    'Alerts',
    <TokenAlertAction key="alerts" token={token} canEdit={canEdit} now={now} />,
  ]);
  rows.push(['Notes', token.notes ?? '']);
  rows.push(['Created', <DateText key="created" value={token.created_at} kind="dateTime" />]);
  rows.push(['Updated', <DateText key="updated" value={token.updated_at} kind="dateTime" />]);

  return (
    <Dialog
      open
      onClose={editing ? (isSubmitting ? undefined : requestDiscard) : onClose}
      aria-labelledby="token-dialog-title"
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <DialogTitle id="token-dialog-title" sx={{ pr: 3, overflowWrap: 'anywhere' }}>
        {editing ? `Edit ${token.name}` : token.name}
      </DialogTitle>
      {editing ? (
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <DialogContent dividers>
            {conflict && (
              <Alert
                severity="error"
                sx={{ mb: 2 }}
                action={
                  <Button
                    color="inherit"
                    size="small"
                    disabled={reload.isPending || isSubmitting}
                    onClick={() => void loadTheirChanges()}
                  >
                    {LOAD_THEIR_CHANGES}
                  </Button>
                }
              >
                {conflict}
              </Alert>
            )}
            <TokenFormFields
              form={form}
              mode="edit"
              workspace={workspace}
              userEmail={userEmail}
              idPrefix="edit-token"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={requestDiscard} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save'}
            </Button>
          </DialogActions>
        </Box>
      ) : (
        <>
          <DialogContent dividers>
            <PillScope sx={{ mb: 2 }}>
              <ExpiryPill expiresAt={token.expiresAt} now={now} />
            </PillScope>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
                columnGap: 3,
                rowGap: { xs: 0.5, sm: 1.25 },
                m: 0,
              }}
            >
              {rows.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="textSecondary" sx={{ fontWeight: 600 }}>
                    {label}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{
                      m: 0,
                      mb: { xs: 1, sm: 0 },
                      overflowWrap: 'anywhere',
                      whiteSpace: 'pre-wrap',
                    }}
                  >
                    {value === '' ? '—' : value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
            {canEdit && (
              <Button variant="contained" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
          </DialogActions>
        </>
      )}
      {editing && <UnsavedChangesGuard when={isDirty && !isSubmitting} />}
      {confirmation}
    </Dialog>
  );
}
