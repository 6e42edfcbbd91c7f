import { useQuery } from '@tanstack/react-query';
import type { Control } from 'react-hook-form';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import { ownerOptionsQueryOptions } from '../../tokens';
import type { TokenFormValues } from '../token-form-values';
import { LoadedChoiceField } from './loaded-choice-field';

export const NO_OWNER = 'No owner';
export const OWNER_HELP = 'The owner gets this token’s alerts whatever its contact group says.';

interface OwnerFieldProps {
  control: Control<TokenFormValues>;
  workspace: Workspace;
  idPrefix: string;
}

/** The token's owner: one of the workspace's members, or none. Editors only. */
export function OwnerField({ control, workspace, idPrefix }: OwnerFieldProps) {
  const editor = isEditorRole(workspace.role);
  const members = useQuery({ ...ownerOptionsQueryOptions(workspace.id), enabled: editor });
  if (!editor) return null;
  return (
    <LoadedChoiceField
      control={control}
      name="owner_id"
      id={`${idPrefix}-owner`}
      label="Owner"
      noneLabel={NO_OWNER}
      choices={members.data}
      loadError={members.isError ? 'Members could not be loaded.' : null}
      help={OWNER_HELP}
      goneLabel="Former member"
    />
  );
}
