import { render, screen } from '@testing-library/react';
import { LOGGED_OUT_SESSION, installFetchMock, jsonResponse } from '../../test-support/mock-fetch';
import { App } from './app';

describe('App', () => {
  it('boots into the landing page at / in dark mode', async () => {
    installFetchMock({ 'GET /api/session': () => jsonResponse(LOGGED_OUT_SESSION) });
    window.history.pushState({}, '', '/');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Expiry Radar' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  });
});
