import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

interface LoadErrorAlertProps {
  /** Loads again, such as the failed query's refetch. */
  onRetry: () => unknown;
  children: React.ReactNode;
}

/** What could not be loaded, with a button that tries again. */
export function LoadErrorAlert({ onRetry, children }: LoadErrorAlertProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
