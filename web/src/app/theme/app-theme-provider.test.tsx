import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from '@mui/material/styles';
import { ColorModeToggle } from '../../components/color-mode-toggle';
import { AppThemeProvider } from './app-theme-provider';
import { COLOR_MODE_STORAGE_KEY, useColorMode } from './color-mode';

function ModeProbe() {
  const theme = useTheme();
  const { mode } = useColorMode();
  return (
    <p>
      theme:{theme.palette.mode} context:{mode}
    </p>
  );
}

function renderThemed() {
  return render(
    <AppThemeProvider>
      <ModeProbe />
      <ColorModeToggle />
    </AppThemeProvider>,
  );
}

/** A browser whose system setting is light. */
function preferLightScheme() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: query.includes('light'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

describe('AppThemeProvider', () => {
  beforeEach(() => {
    window.localStorage.clear();
    preferLightScheme();
  });

  it('is dark by default, even when the system prefers light', () => {
    expect(window.matchMedia('(prefers-color-scheme: light)').matches).toBe(true);
    renderThemed();
    expect(screen.getByText('theme:dark context:dark')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
  });

  it('toggles the mode and keeps the choice for the next visit', async () => {
    const user = userEvent.setup();
    const { unmount } = renderThemed();

    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(screen.getByText('theme:light context:light')).toBeInTheDocument();
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('light');

    unmount();
    renderThemed();
    expect(screen.getByText('theme:light context:light')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(screen.getByText('theme:dark context:dark')).toBeInTheDocument();
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
  });

  it('ignores a stored value it does not know', () => {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'system');
    renderThemed();
    expect(screen.getByText('theme:dark context:dark')).toBeInTheDocument();
  });

  it('uses the key expiry-radar:color-mode', () => {
    expect(COLOR_MODE_STORAGE_KEY).toBe('expiry-radar:color-mode');
  });
});
