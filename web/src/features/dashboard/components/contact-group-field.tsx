import { useQuery } from '@tanstack/react-query';
import TextField from '@mui/material/TextField';
import type { Control } from 'react-hook-form';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { canSetContactGroup, isEditorRole } from '@expiry-radar/shared/domain/permissions';
import { contactGroupsQueryOptions, workspaceAdminEmailQueryOptions } from '../../tokens';
import type { TokenFormValues } from '../token-form-values';
import { LoadedChoiceField } from './loaded-choice-field';

export const USE_WORKSPACE_DEFAULT = 'Use workspace default';
export const CONTACT_GROUP_UPGRADE_NOTE =
  "Alerts go to the workspace admin's email; upgrade to Pro or Team to choose a contact group.";

interface ContactGroupFieldProps {
  control: Control<TokenFormValues>;
  workspace: Workspace;
  /** The signed-in user's address: the admin's, when they are the admin. */
  userEmail: string | null;
  idPrefix: string;
}

/**
 * The per-token contact group: admins and workspace managers of pro, team and enterprise
 * workspaces choose one or "Use workspace default"; elsewhere the field is disabled, shows the
 * default admin email and asks to upgrade. Viewers never see it.
 */
export function ContactGroupField({
  control,
  workspace,
  userEmail,
  idPrefix,
}: ContactGroupFieldProps) {
  const editor = isEditorRole(workspace.role);
  const paid = canSetContactGroup(workspace.role, workspace.plan);
  const groups = useQuery({ ...contactGroupsQueryOptions(workspace.id), enabled: paid });
  const isAdmin = workspace.role === 'admin';
  const adminEmail = useQuery({
    ...workspaceAdminEmailQueryOptions(workspace.id),
    enabled: editor && !paid && !isAdmin,
  });
  if (!editor) return null;

  const label = 'Contact Group';
  if (!paid) {
    const email = isAdmin ? userEmail : adminEmail.data;
    return (
      <TextField
        id={`${idPrefix}-contact-group`}
        label={label}
        value={email ?? 'Workspace admin'}
        disabled
        fullWidth
        helperText={CONTACT_GROUP_UPGRADE_NOTE}
      />
    );
  }

  return (
    <LoadedChoiceField
      control={control}
      name="contact_group_id"
      id={`${idPrefix}-contact-group`}
      label={label}
      noneLabel={USE_WORKSPACE_DEFAULT}
      choices={groups.data?.map((group) => ({ id: group.id, label: group.name }))}
      loadError={groups.isError ? 'Contact groups could not be loaded.' : null}
      goneLabel="Removed group"
    />
  );
}
