import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers/app-providers';
import { createAppRouter, type AppRouter } from './router/app-routes';

interface AppProps {
  /** Made before the first render by main.tsx: it starts loading the route's chunks and reads. */
  readonly router?: AppRouter;
  /** The query cache `router`'s loaders fill. */
  readonly queryClient?: QueryClient;
}

/** The app. Its router and query cache are made here when none is given. */
export function App({ router, queryClient }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [appRouter] = useState(() => router ?? createAppRouter(client));
  return (
    <AppProviders queryClient={client}>
      <RouterProvider router={appRouter} />
    </AppProviders>
  );
}
