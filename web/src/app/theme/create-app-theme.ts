import type { CSSProperties } from 'react';
import { alpha, createTheme } from '@mui/material/styles';
import type { PaletteColor, PaletteColorOptions, Theme } from '@mui/material/styles';
import { colorScales, grey } from './color-scales';
import type { ColorScale } from './color-scales';
import { bodyFontFamily, headingFontFamily, monoFontFamily } from './fonts';
import type { ColorMode } from './color-mode';

declare module '@mui/material/styles' {
  interface Palette {
    neutral: PaletteColor;
  }
  interface PaletteOptions {
    neutral?: PaletteColorOptions;
  }
  interface TypographyVariants {
    mono: CSSProperties;
  }
  interface TypographyVariantsOptions {
    mono?: CSSProperties;
  }
}

declare module '@mui/material/Typography' {
  interface TypographyPropsVariantOverrides {
    mono: true;
  }
}

declare module '@mui/material/Button' {
  interface ButtonPropsColorOverrides {
    neutral: true;
  }
}

/** Button heights in px per MUI size (lg 48, md 40, sm 32). */
export const buttonHeights = { large: 48, medium: 40, small: 32 } as const;

/** The alert variants the product uses. */
export const alertSeverities = ['info', 'warning', 'error', 'success'] as const;
export type AlertSeverity = (typeof alertSeverities)[number];

const alertScales: Record<AlertSeverity, ColorScale> = {
  info: colorScales.primary,
  warning: colorScales.warning,
  error: colorScales.error,
  success: colorScales.success,
};

/**
 * A palette colour from a scale: a lighter main on dark backgrounds, a deeper one on light, each
 * chosen so that text in it keeps at least 4.5:1 contrast (WCAG AA) on the page background.
 */
function scaleColor(scale: ColorScale, mode: ColorMode, contrastText: string) {
  return mode === 'dark'
    ? { ...scale, light: scale[300], main: scale[400], dark: scale[600], contrastText }
    : { ...scale, light: scale[500], main: scale[700], dark: scale[800], contrastText: '#ffffff' };
}

const headingBase = { fontFamily: headingFontFamily, letterSpacing: '-0.01em' } as const;

/** The app theme for one colour mode. */
export function createAppTheme(mode: ColorMode): Theme {
  const dark = mode === 'dark';
  const onLight = grey[900];
  // The primary colour keeps at least 3:1 against the page in both modes (WCAG 2.4.13).
  const focusRing = {
    outline: `2px solid ${scaleColor(colorScales.primary, mode, onLight).main}`,
    outlineOffset: 2,
  };

  return createTheme({
    palette: {
      mode,
      primary: scaleColor(colorScales.primary, mode, onLight),
      info: scaleColor(colorScales.primary, mode, onLight),
      success: scaleColor(colorScales.success, mode, onLight),
      warning: scaleColor(colorScales.warning, mode, onLight),
      error: scaleColor(colorScales.error, mode, onLight),
      secondary: scaleColor(colorScales.neutral, mode, onLight),
      neutral: scaleColor(colorScales.neutral, mode, onLight),
      grey,
      background: dark
        ? { default: '#0b1120', paper: grey[900] }
        : { default: grey[50], paper: '#ffffff' },
      text: dark
        ? { primary: grey[50], secondary: grey[400], disabled: grey[600] }
        : { primary: grey[900], secondary: grey[600], disabled: grey[400] },
      divider: dark ? alpha(grey[400], 0.16) : grey[200],
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: bodyFontFamily,
      h1: { ...headingBase, fontWeight: 700, fontSize: '2.75rem', lineHeight: 1.15 },
      h2: { ...headingBase, fontWeight: 700, fontSize: '2.125rem', lineHeight: 1.2 },
      h3: { ...headingBase, fontWeight: 700, fontSize: '1.75rem', lineHeight: 1.25 },
      h4: { ...headingBase, fontWeight: 600, fontSize: '1.5rem', lineHeight: 1.3 },
      h5: { ...headingBase, fontWeight: 600, fontSize: '1.25rem', lineHeight: 1.35 },
      h6: { ...headingBase, fontWeight: 600, fontSize: '1.0625rem', lineHeight: 1.4 },
      subtitle1: { fontWeight: 500 },
      subtitle2: { fontWeight: 600 },
      button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
      overline: { fontWeight: 600, letterSpacing: '0.08em' },
      mono: { fontFamily: monoFontFamily, fontSize: '0.875rem' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
          'code, kbd, pre, samp': { fontFamily: monoFontFamily },
          // A visible focus ring on whatever the keyboard reaches (MUI's fields show theirs on
          // their border; its buttons below).
          ':where(a, summary, [tabindex]):focus-visible': focusRing,
          // Whoever asks their system for less motion gets no transitions: dialogs, menus and
          // colour changes show their end at once (spinners keep turning; they say "busy").
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              transitionDuration: '0s !important',
              transitionDelay: '0s !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      MuiTypography: {
        defaultProps: { variantMapping: { mono: 'span' } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { whiteSpace: 'nowrap' } },
        variants: [
          {
            props: { size: 'large' },
            style: { minHeight: buttonHeights.large, paddingInline: 22, fontSize: '1rem' },
          },
          {
            props: { size: 'medium' },
            style: { minHeight: buttonHeights.medium, paddingInline: 16, fontSize: '0.9375rem' },
          },
          {
            props: { size: 'small' },
            style: { minHeight: buttonHeights.small, paddingInline: 12, fontSize: '0.8125rem' },
          },
        ],
      },
      MuiAlert: {
        defaultProps: { variant: 'standard' },
        variants: alertSeverities.map((severity) => {
          const scale = alertScales[severity];
          return {
            props: { severity, variant: 'standard' as const },
            style: dark
              ? {
                  backgroundColor: alpha(scale[500], 0.12),
                  color: scale[100],
                  border: `1px solid ${alpha(scale[400], 0.32)}`,
                  '& .MuiAlert-icon': { color: scale[300] },
                }
              : {
                  backgroundColor: scale[50],
                  color: scale[900],
                  border: `1px solid ${scale[200]}`,
                  '& .MuiAlert-icon': { color: scale[600] },
                },
          };
        }),
      },
      MuiPaper: {
        styleOverrides: { root: { backgroundImage: 'none' } },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
      },
      // Links inside running text must stand out by more than colour (WCAG 1.4.1).
      MuiLink: {
        defaultProps: { underline: 'always' },
      },
    },
  });
}
