import { render, screen } from '@testing-library/react';
import { App } from './app';

describe('App', () => {
  it('boots into the landing page at / in dark mode', async () => {
    window.history.pushState({}, '', '/');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Expiry Radar' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  });
});
