import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PRELOAD_ERROR_EVENT } from '../../lib/preload-error';
import { createQueryClient } from '../../lib/query-client';
import { appRoutes } from './app-routes';

// The landing chunk cannot be fetched (as after a deploy that removed it).
jest.mock('../../features/landing/landing-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('a page that fails to load', () => {
  it('raises vite:preloadError and, unhandled, shows the router error page', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const payloads: unknown[] = [];
    const listener = (event: VitePreloadErrorEvent) => payloads.push(event.payload);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    try {
      render(
        <RouterProvider
          router={createMemoryRouter(appRoutes(createQueryClient()), { initialEntries: ['/'] })}
        />,
      );

      expect(
        await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
      ).toBeVisible();
      expect(screen.getByText('Failed to fetch dynamically imported module')).toBeVisible();
      expect(payloads).toEqual([expect.objectContaining({ name: 'TypeError' })]);
    } finally {
      window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
      consoleError.mockRestore();
    }
  });
});
