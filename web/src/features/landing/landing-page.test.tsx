import { screen } from '@testing-library/react';
import {
  LOGGED_OUT_SESSION,
  installFetchMock,
  jsonResponse,
} from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';

beforeEach(() => resetApiClientState());

describe('landing page preview', () => {
  it("shows the dashboard's own expiry badges, one of each status", async () => {
    installFetchMock({ 'GET /api/session': () => jsonResponse(LOGGED_OUT_SESSION) });
    const { container } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Expiry Radar' });
    const pills = [...container.querySelectorAll('.ExpiryPill-root')];
    expect(pills.map((pill) => pill.getAttribute('data-status'))).toEqual([
      'expired',
      'critical',
      'warning',
      'ok',
      'long_term',
    ]);
    expect(pills.map((pill) => pill.textContent)).toEqual([
      'Expired',
      '5 days',
      '21 days',
      '120 days',
      'Long-term',
    ]);
    // Styled like the dashboard's: the same rules, not a Chip of its own.
    expect(container.querySelector('.MuiChip-root')).toBeNull();
  });
});
