import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Control } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import type { TokenFormValues } from '../token-form-values';

export interface LoadedChoice {
  readonly id: string;
  readonly label: string;
}

interface LoadedChoiceFieldProps {
  control: Control<TokenFormValues>;
  name: 'owner_id' | 'contact_group_id';
  id: string;
  label: string;
  /** The first item, whose value is '': none chosen. */
  noneLabel: string;
  /** The choices once loaded. */
  choices: readonly LoadedChoice[] | undefined;
  /** Said under the field when the choices could not be loaded. */
  loadError: string | null;
  help?: string;
  /** Stands for the value while the choices load, or once they no longer hold it. */
  goneLabel: string;
}

/**
 * A token form's choice of one item of a list the API answers, or none. The value stays shown
 * while the list loads, and after its item left the list.
 */
export function LoadedChoiceField({
  control,
  name,
  id,
  label,
  noneLabel,
  choices,
  loadError,
  help,
  goneLabel,
}: LoadedChoiceFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          id={id}
          label={label}
          fullWidth
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          helperText={fieldState.error?.message ?? loadError ?? help}
        >
          <MenuItem value="">{noneLabel}</MenuItem>
          {(choices ?? []).map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.label}
            </MenuItem>
          ))}
          {field.value !== '' && !(choices ?? []).some((choice) => choice.id === field.value) && (
            <MenuItem value={field.value}>{choices ? goneLabel : 'Loading…'}</MenuItem>
          )}
        </TextField>
      )}
    />
  );
}
