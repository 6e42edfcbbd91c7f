import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers/app-providers';
import { createAppRouter, type AppRouter } from './router/app-routes';

/**
 * The app. Its router is made before the first render by main.tsx (it starts loading the route's
 * chunks while the runtime settings load); made here when none is given.
 */
export function App({ router }: { readonly router?: AppRouter }) {
  const [appRouter] = useState(() => router ?? createAppRouter());
  return (
    <AppProviders>
      <RouterProvider router={appRouter} />
    </AppProviders>
  );
}
