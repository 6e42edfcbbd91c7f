import { useState } from 'react';
import type { ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppErrorBoundary } from '../../components/app-error-boundary';
import { captureCaughtError } from '../../lib/analytics';
import { createQueryClient } from '../../lib/query-client';
import { AppThemeProvider } from '../theme/app-theme-provider';
import { appEmotionCache } from '../theme/saved-styles';
import { useSavedStyles } from '../theme/use-saved-styles';
import { AppToaster } from './app-toaster';

interface AppProvidersProps {
  children: ReactNode;
  /** A client of the caller's (tests); by default one is made for the app's lifetime. */
  queryClient?: QueryClient;
}

/**
 * The emotion cache with the rules saved on the last visit (saved-styles.ts), theme (with
 * CssBaseline), crash screen boundary, TanStack Query and toasts.
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useSavedStyles();
  return (
    <CacheProvider value={appEmotionCache()}>
      <AppThemeProvider>
        <AppErrorBoundary onError={(error) => captureCaughtError(error, 'app')}>
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </AppErrorBoundary>
        <AppToaster />
      </AppThemeProvider>
    </CacheProvider>
  );
}
