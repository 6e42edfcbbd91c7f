import { screen } from '@testing-library/react';
import { installFetchMock, jsonResponse, sessionFor } from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { defaultRuntimeConfig, setRuntimeConfig } from '../../lib/current-runtime-config';
import { resetApiClientState } from '../../lib/api-client';

function serve() {
  installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor()),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces': () => jsonResponse({ items: [] }),
    'GET /api/alert-queue': () => jsonResponse({ items: [] }),
  });
}

beforeEach(() => resetApiClientState());
afterEach(() => setRuntimeConfig(defaultRuntimeConfig));

describe('help page', () => {
  it('offers the documentation only when the deployment names no support contact', async () => {
    serve();
    renderApp('/help');
    expect(
      await screen.findByRole('heading', { name: 'More help' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Contact support' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Read the documentation' })).toBeVisible();
  });

  it('names the support address when there is one', async () => {
    setRuntimeConfig({ ...defaultRuntimeConfig, supportEmail: 'help@example.com' });
    serve();
    renderApp('/help');
    expect(
      await screen.findByRole('heading', { name: 'Contact support' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Email support' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
  });
});
