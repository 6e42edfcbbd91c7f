import Typography from '@mui/material/Typography';
import { formatWait } from '@expiry-radar/shared/errors/retry-after';

/** "You can resend in 60 s" under a send button while it waits; nothing once it may send. */
export function ResendCountdown({ secondsLeft }: { secondsLeft: number }) {
  if (secondsLeft <= 0) return null;
  return (
    <Typography variant="body2" color="textSecondary" align="center">
      You can resend in {formatWait(secondsLeft)}
    </Typography>
  );
}
