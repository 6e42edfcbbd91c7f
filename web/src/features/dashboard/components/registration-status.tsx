import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type {
  RegistrationCheck,
  TokenRegistration,
} from '@expiry-radar/shared/domain/domain-registrations';
import { displayDomain } from '@expiry-radar/shared/domain/registered-domains';
import { DateText } from '../../../components/date-text';

type Tone = 'default' | 'success' | 'info' | 'warning';

/** A registration check's status in a word, and the chip colour that goes with it. */
export function registrationStatusOf(check: RegistrationCheck | null | undefined): {
  label: string;
  tone: Tone;
} {
  if (!check) return { label: 'Not checked yet', tone: 'default' };
  switch (check.status) {
    case 'ok':
      return { label: 'OK', tone: 'success' };
    case 'renewed':
      return { label: 'Renewed', tone: 'info' };
    case 'failing':
      return { label: 'Failing', tone: 'warning' };
    case 'unsupported':
      return { label: 'No RDAP', tone: 'warning' };
  }
}

/**
 * The details dialog's view of a followed domain: the domain (in Unicode), its last check's
 * status and outcome, the registrar and the registry's status values, and the last error (why the
 * date entered by hand is kept) with when the registry is asked again.
 */
export function RegistrationStatus({ registration }: { registration: TokenRegistration }) {
  const check = registration.last_check ?? null;
  const { label, tone } = registrationStatusOf(check);
  return (
    <Box data-testid="registration-status">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={label} color={tone} />
        <span>{displayDomain(registration.domain)}</span>
      </Box>
      {check ? (
        <>
          <Typography variant="body2" color="textSecondary">
            {check.message} · checked <DateText value={check.checked_at} kind="dateTime" />
          </Typography>
          {check.registrar && <Typography variant="body2">Registrar: {check.registrar}</Typography>}
          {check.statuses.length > 0 && (
            <Typography variant="body2">Status: {check.statuses.join(', ')}</Typography>
          )}
          {check.last_error && (
            <Typography variant="body2" color="warning.main">
              Last error: {check.last_error}
              {check.retry_at && (
                <>
                  {' '}
                  · asked again <DateText value={check.retry_at} kind="dateTime" />
                </>
              )}
            </Typography>
          )}
        </>
      ) : (
        <Typography variant="body2" color="textSecondary">
          The registry is asked within the hour.
        </Typography>
      )}
    </Box>
  );
}
