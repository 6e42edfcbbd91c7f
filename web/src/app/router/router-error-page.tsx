import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
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

/** The router's fallback when a route fails to load or render (spec §2). */
export function RouterErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) captureCaughtError(error, 'router');
  }, [error]);
  return (
    <Stack
      role="alert"
      spacing={2}
      sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 3 }}
    >
      <Typography variant="h1" sx={{ fontSize: '2rem', textAlign: 'center' }}>
        Unexpected Application Error!
      </Typography>
      <Typography
        variant="mono"
        component="p"
        color="textSecondary"
        sx={{ textAlign: 'center', wordBreak: 'break-word' }}
      >
        {describeRouteError(error)}
      </Typography>
      <Button component={RouterLink} to={paths.home} reloadDocument variant="outlined">
        Back to home
      </Button>
    </Stack>
  );
}
