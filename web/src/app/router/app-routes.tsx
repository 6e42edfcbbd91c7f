import type { RouteObject } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { Spinner } from '../../components/spinner';
import { importWithPreloadErrorEvent } from '../../lib/preload-error';
import { paths } from '../../lib/paths';
import { RouterErrorPage } from './router-error-page';

/** Every page is its own chunk, loaded when first visited (spec §2). */
export const appRoutes: RouteObject[] = [
  {
    path: paths.home,
    errorElement: <RouterErrorPage />,
    hydrateFallbackElement: <Spinner minHeight="100vh" />,
    children: [
      {
        index: true,
        lazy: async () => {
          const { LandingPage } = await importWithPreloadErrorEvent(
            () => import('../../features/landing/landing-page'),
          );
          return { Component: LandingPage };
        },
      },
      {
        path: '*',
        lazy: async () => {
          const { NotFoundPage } = await importWithPreloadErrorEvent(
            () => import('../../features/not-found/not-found-page'),
          );
          return { Component: NotFoundPage };
        },
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
