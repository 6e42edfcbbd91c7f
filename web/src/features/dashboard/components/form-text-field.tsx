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
  /** Values the browser offers as the user types (a datalist); any other value is allowed. */
  suggestions?: readonly string[];
}

/**
 * A multi-line field's text area: two lines to start, growing with its text where the browser
 * sizes fields to their content (`field-sizing`), else scrolling and resizable by hand. A plain
 * textarea rather than MUI's autosizing one, which measures its text on mount and on every
 * change: each measure forces a layout of the whole page, tens of milliseconds on the dashboard
 * under its card tables.
 */
const MULTILINE_ROWS = 2;
const multilineTextArea = {
  fieldSizing: 'content',
  minHeight: `${MULTILINE_ROWS}lh`,
  maxHeight: '12lh',
  resize: 'vertical',
} as const;

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
  suggestions,
}: FormTextFieldProps) {
  const multiline = kind === 'multiline';
  const inputType = multiline ? 'text' : kind;
  const id = `${idPrefix}-${name}`;
  const suggestionsId = suggestions?.length ? `${id}-suggestions` : undefined;
  return (
    <>
      {suggestionsId && (
        <datalist id={suggestionsId}>
          {suggestions?.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      )}
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <TextField
            id={id}
            name={field.name}
            label={label}
            type={inputType}
            required={required}
            fullWidth
            multiline={multiline}
            value={field.value}
            onChange={(event) => {
              field.onChange(event.target.value);
              onUserChange?.(event.target.value);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? helperText}
            sx={{
              ...(fullRow ? { gridColumn: '1 / -1' } : {}),
              ...(multiline ? { '& textarea': multilineTextArea } : {}),
            }}
            slotProps={{
              input: multiline ? { inputComponent: 'textarea' } : undefined,
              htmlInput: {
                ...(multiline ? { rows: MULTILINE_ROWS } : {}),
                ...(range ? { min: range.min, max: range.max, step: range.step } : {}),
                // The years the server accepts (1970 to 9999), so the picker offers no others.
                ...(kind === 'date' ? { min: EARLIEST_DATE, max: LATEST_DATE } : {}),
                ...(kind === 'number' ? { inputMode: 'decimal' } : {}),
                ...(suggestionsId ? { list: suggestionsId, autoComplete: 'off' } : {}),
              },
              inputLabel: kind === 'date' ? { shrink: true } : undefined,
            }}
          />
        )}
      />
    </>
  );
}
