import { createContext, useContext } from 'react';

export type ColorMode = 'light' | 'dark';

/** Where the chosen colour mode is kept between visits. */
export const COLOR_MODE_STORAGE_KEY = 'expiry-radar:color-mode';

/** Dark unless the user chose otherwise; the system preference is deliberately ignored. */
export const DEFAULT_COLOR_MODE: ColorMode = 'dark';

function isColorMode(value: unknown): value is ColorMode {
  return value === 'light' || value === 'dark';
}

/** The stored colour mode, or the default when none is stored or storage is unavailable. */
export function readStoredColorMode(): ColorMode {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorMode(stored) ? stored : DEFAULT_COLOR_MODE;
  } catch {
    return DEFAULT_COLOR_MODE;
  }
}

export function storeColorMode(mode: ColorMode): void {
  try {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
  } catch {
    // Private mode or storage disabled: the choice lasts for this visit only.
  }
}

export interface ColorModeValue {
  mode: ColorMode;
  setMode: (mode: ColorMode) => void;
  toggleMode: () => void;
}

export const ColorModeContext = createContext<ColorModeValue | null>(null);

/** The current colour mode and its setters; use inside `AppThemeProvider`. */
export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode must be used inside AppThemeProvider');
  return value;
}
