import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Control } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import { ownerOptionsQueryOptions } from '../../tokens';
import type { TokenFormValues } from '../token-form-values';

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
    <Controller
      control={control}
      name="owner_id"
      render={({ field, fieldState }) => (
        <TextField
          select
          id={`${idPrefix}-owner`}
          label="Owner"
          fullWidth
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          helperText={
            fieldState.error?.message ??
            (members.isError ? 'Members could not be loaded.' : OWNER_HELP)
          }
        >
          <MenuItem value="">{NO_OWNER}</MenuItem>
          {(members.data ?? []).map((member) => (
            <MenuItem key={member.id} value={member.id}>
              {member.label}
            </MenuItem>
          ))}
          {field.value !== '' && !(members.data ?? []).some((m) => m.id === field.value) && (
            <MenuItem value={field.value}>{members.data ? 'Former member' : 'Loading…'}</MenuItem>
          )}
        </TextField>
      )}
    />
  );
}
