import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../src/app/providers/app-providers';
import { appRoutes } from '../src/app/router/app-routes';

/** A client like the app's, without retries unless a query asks for them. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/**
 * Renders `routes` (a page, or a component under test at a path) at `path` in a memory router
 * with the app's providers; returns the router and the query client.
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  queryClient: QueryClient = createTestQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

/** Renders the app's routes at `path` with the app's providers; returns the router. */
export function renderApp(path: string, queryClient: QueryClient = createTestQueryClient()) {
  return renderRoutes(appRoutes(queryClient), path, queryClient);
}
