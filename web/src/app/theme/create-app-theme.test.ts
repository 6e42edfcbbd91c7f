import { colorScales } from './color-scales';
import { buttonHeights, createAppTheme } from './create-app-theme';
import { monoFontFamily } from './fonts';
import { LAYOUT_MAX_WIDTH } from './layout';

describe('createAppTheme', () => {
  it('sets Archivo on headings, Montserrat on body text and Roboto Mono for code', () => {
    const theme = createAppTheme('dark');
    for (const variant of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const) {
      expect(theme.typography[variant].fontFamily).toMatch(/^"Archivo"/);
    }
    expect(theme.typography.fontFamily).toMatch(/^"Montserrat"/);
    expect(theme.typography.body1.fontFamily).toMatch(/^"Montserrat"/);
    expect(theme.typography.mono.fontFamily).toBe(monoFontFamily);
    expect(monoFontFamily).toMatch(/^"Roboto Mono"/);
  });

  it('has full 50..900 scales for primary, success, warning, error and neutral', () => {
    const steps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
    for (const scale of Object.values(colorScales)) {
      for (const step of steps) expect(scale[step]).toMatch(/^#[0-9a-f]{6}$/);
    }
    const theme = createAppTheme('light');
    expect(theme.palette.grey[500]).toBe(colorScales.neutral[500]);
    expect(theme.palette.neutral.main).toBe(colorScales.neutral[700]);
    expect(theme.palette.primary.main).toBe(colorScales.primary[700]);
    expect(createAppTheme('dark').palette.primary.main).toBe(colorScales.primary[400]);
  });

  it('sizes buttons 48/40/32px and keeps the 1200px layout width', () => {
    expect(buttonHeights).toEqual({ large: 48, medium: 40, small: 32 });
    const variants = createAppTheme('dark').components?.MuiButton?.variants ?? [];
    const heights = variants.map((variant) => [
      (variant.props as { size: string }).size,
      (variant.style as { minHeight: number }).minHeight,
    ]);
    expect(heights).toEqual([
      ['large', 48],
      ['medium', 40],
      ['small', 32],
    ]);
    expect(LAYOUT_MAX_WIDTH).toBe(1200);
  });

  it('styles the info, warning, error and success alerts', () => {
    const variants = createAppTheme('dark').components?.MuiAlert?.variants ?? [];
    expect(variants.map((variant) => (variant.props as { severity: string }).severity)).toEqual([
      'info',
      'warning',
      'error',
      'success',
    ]);
  });
});
