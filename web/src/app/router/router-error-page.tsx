import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { captureCaughtError } from '../../lib/analytics';
import { paths } from '../../lib/paths';

/** What went wrong, as "status statusText" for route error responses, else the message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return [error.status, error.statusText].filter(Boolean).join(' ');
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** The router's fallback when a route fails to load or render. */
export function RouterErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) captureCaughtError(error, 'router');
  }, [error]);
  return (
    <ErrorScreen
      title="Unexpected Application Error!"
      action={
        <Button component={RouterLink} to={paths.home} reloadDocument variant="outlined">
          Back to home
        </Button>
      }
    >
      <Typography
        variant="mono"
        component="p"
        color="textSecondary"
        sx={{ textAlign: 'center', wordBreak: 'break-word' }}
      >
        {describeRouteError(error)}
      </Typography>
    </ErrorScreen>
  );
}
