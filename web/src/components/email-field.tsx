import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';

/** The required email address field of the sign-in, sign-up and account forms. */
export function EmailField(props: TextFieldProps) {
  return <TextField label="Email" type="email" autoComplete="email" required {...props} />;
}
