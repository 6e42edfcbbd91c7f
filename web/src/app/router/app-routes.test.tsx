import { screen } from '@testing-library/react';
import {
  LOGGED_OUT_SESSION,
  installFetchMock,
  jsonResponse,
} from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { installValidationMessages } from '../../lib/validation-messages-loader';

// The wording itself is installed for every test (jest.setup.ts); here, who asks for its chunk.
jest.mock('../../lib/validation-messages-loader', () => ({
  installValidationMessages: jest.fn(() => Promise.resolve()),
}));

function renderAt(path: string) {
  return renderApp(path).router;
}

describe('app routes', () => {
  beforeEach(() => {
    installFetchMock({ 'GET /api/session': () => jsonResponse(LOGGED_OUT_SESSION) });
  });

  it('renders the landing page at /', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Expiry Radar' })).toBeVisible();
    expect(
      screen.getByText('Never miss an expiring token, secret, certificate or license again.'),
    ).toBeVisible();
    for (const category of ['Certificates', 'Keys & secrets', 'Licenses', 'General']) {
      expect(screen.getByRole('heading', { name: category })).toBeVisible();
    }
  });

  it('loads the validation wording with a page that has forms, not with the landing page', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Expiry Radar' })).toBeVisible();
    expect(installValidationMessages).not.toHaveBeenCalled();
    renderAt('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(installValidationMessages).toHaveBeenCalled();
  });

  it('renders the not-found page for an unknown path, with a link home', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/no/such/page');
  });
});
