import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

let timeZones: readonly string[] | undefined;

/**
 * Every IANA zone the browser knows, UTC first when it does not list it. Listed on first use:
 * asking Intl takes the main thread milliseconds that the pages importing this need not wait for.
 */
function knownTimeZones(): readonly string[] {
  if (!timeZones) {
    const known =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    timeZones = known.includes('UTC') ? known : ['UTC', ...known];
  }
  return timeZones;
}

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
      options={knownTimeZones()}
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
