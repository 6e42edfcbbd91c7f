import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { SESSION_CHECK_FAILED_NOTICE } from '@expiry-radar/shared/messages/notices';

/** In place of a page that needs a session, when checking it got no answer: Retry checks again. */
export function SessionCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {SESSION_CHECK_FAILED_NOTICE}
    </Alert>
  );
}
