import type { ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import type { Control } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { EARLIEST_DATE, LATEST_DATE } from '@expiry-radar/shared/domain/calendar-date';
import type { NumberRange } from '@expiry-radar/shared/domain/token-form-ranges';
import type { FieldInputKind, TokenFormValues } from '../token-form-values';

type TextFieldName = Exclude<keyof TokenFormValues, 'category' | 'type'>;

interface FormTextFieldProps {
  control: Control<TokenFormValues>;
  name: TextFieldName;
  label: string;
  idPrefix: string;
  kind?: FieldInputKind;
  required?: boolean;
  range?: NumberRange;
  helperText?: ReactNode;
  /** Called after the field's own change (the create form notes a hand-picked expiry). */
  onUserChange?: (value: string) => void;
  fullRow?: boolean;
}

/** A controlled text, number, date or URL input of a token form, with its message at the field. */
export function FormTextField({
  control,
  name,
  label,
  idPrefix,
  kind = 'text',
  required = false,
  range,
  helperText,
  onUserChange,
  fullRow = false,
}: FormTextFieldProps) {
  const inputType = kind === 'multiline' ? 'text' : kind;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          id={`${idPrefix}-${name}`}
          name={field.name}
          label={label}
          type={inputType}
          required={required}
          fullWidth
          multiline={kind === 'multiline'}
          minRows={kind === 'multiline' ? 2 : undefined}
          value={field.value}
          onChange={(event) => {
            field.onChange(event.target.value);
            onUserChange?.(event.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          sx={fullRow ? { gridColumn: '1 / -1' } : undefined}
          slotProps={{
            htmlInput: {
              ...(range ? { min: range.min, max: range.max, step: range.step } : {}),
              // The years the server accepts (1970 to 9999), so the picker offers no others.
              ...(kind === 'date' ? { min: EARLIEST_DATE, max: LATEST_DATE } : {}),
              ...(kind === 'number' ? { inputMode: 'decimal' } : {}),
            },
            inputLabel: kind === 'date' ? { shrink: true } : undefined,
          }}
        />
      )}
    />
  );
}
