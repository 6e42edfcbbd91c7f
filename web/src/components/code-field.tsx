import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';

/**
 * A one-time code field: the authenticator app's six digits (the browser may offer them), or a
 * recovery code when `recovery` is set.
 */
export function CodeField({ recovery = false, ...props }: TextFieldProps & { recovery?: boolean }) {
  return (
    <TextField
      label={recovery ? 'Recovery code' : 'Authentication code'}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      spellCheck={false}
      {...props}
      slotProps={{
        ...props.slotProps,
        htmlInput: {
          inputMode: recovery ? 'text' : 'numeric',
          maxLength: recovery ? 24 : 7,
          ...(props.slotProps?.htmlInput as object | undefined),
        },
      }}
    />
  );
}
