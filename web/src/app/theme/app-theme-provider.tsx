import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import {
  COLOR_MODE_STORAGE_KEY,
  ColorModeContext,
  readStoredColorMode,
  storeColorMode,
} from './color-mode';
import type { ColorMode, ColorModeValue } from './color-mode';
import { createAppTheme } from './create-app-theme';

/** MUI theme for the chosen colour mode, CssBaseline, and the colour-mode context. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ColorMode>(readStoredColorMode);

  const setMode = useCallback((next: ColorMode) => {
    setModeState(next);
    storeColorMode(next);
  }, []);

  const toggleMode = useCallback(
    () => setMode(mode === 'dark' ? 'light' : 'dark'),
    [mode, setMode],
  );

  // Follow a change made in another tab.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_MODE_STORAGE_KEY) setModeState(readStoredColorMode());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const theme = useMemo(() => createAppTheme(mode), [mode]);

  // Keep the browser chrome in step with the page.
  useEffect(() => {
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme.palette.background.default);
  }, [theme]);

  const value = useMemo<ColorModeValue>(
    () => ({ mode, setMode, toggleMode }),
    [mode, setMode, toggleMode],
  );

  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}
