import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/** Every IANA zone the browser knows, UTC first when it does not list it. */
const TIME_ZONES: readonly string[] = (() => {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes('UTC') ? known : ['UTC', ...known];
})();

/** The browser's time zone, else UTC. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

interface TimeZoneFieldProps {
  value: string;
  onChange: (timeZone: string) => void;
  label?: string;
  readOnly?: boolean;
  disabled?: boolean;
  error?: string;
  helperText?: string;
}

/** An IANA time zone picked from the browser's list (typing filters it). */
export function TimeZoneField({
  value,
  onChange,
  label = 'Time zone',
  readOnly,
  disabled,
  error,
  helperText,
}: TimeZoneFieldProps) {
  return (
    <Autocomplete
      options={TIME_ZONES}
      value={value}
      disableClearable
      readOnly={readOnly}
      disabled={disabled}
      onChange={(_event, zone) => onChange(zone)}
      sx={{ maxWidth: 360 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
