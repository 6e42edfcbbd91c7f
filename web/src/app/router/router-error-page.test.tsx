import { render, screen } from '@testing-library/react';
import { Outlet, createMemoryRouter, data } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouterErrorPage, describeRouteError } from './router-error-page';

function renderRoutes(children: RouteObject[], path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Outlet />,
        errorElement: <RouterErrorPage />,
        hydrateFallbackElement: <p>loading</p>,
        children,
      },
    ],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
}

describe('RouterErrorPage', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('shows the status and status text of a route error response', async () => {
    renderRoutes(
      [
        {
          path: 'broken',
          loader: () => {
            // Route modules throw data() responses for the error boundary, as React Router documents.
            // oxlint-disable-next-line typescript/only-throw-error
            throw data('Down for maintenance', { status: 503, statusText: 'Service Unavailable' });
          },
          element: <p>never</p>,
        },
      ],
      '/broken',
    );
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.getByText('503 Service Unavailable')).toBeVisible();
  });

  it('shows 404 Not Found when no route matches', async () => {
    renderRoutes([{ index: true, element: <p>home</p> }], '/missing');
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.getByText('404 Not Found')).toBeVisible();
  });

  it('shows the message of a thrown error', async () => {
    function Boom(): never {
      throw new Error('Cannot read the tokens');
    }
    renderRoutes([{ index: true, Component: Boom }], '/');
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.getByText('Cannot read the tokens')).toBeVisible();
  });
});

describe('describeRouteError', () => {
  it('describes strings and unknown values', () => {
    expect(describeRouteError('plain text')).toBe('plain text');
    expect(describeRouteError({ weird: true })).toBe('Unknown error');
  });
});
