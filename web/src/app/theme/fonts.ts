// Self-hosted fonts, latin subsets and only the weights the theme uses.
import '@fontsource/archivo/latin-600.css';
import '@fontsource/archivo/latin-700.css';
import '@fontsource/montserrat/latin-400.css';
import '@fontsource/montserrat/latin-500.css';
import '@fontsource/montserrat/latin-600.css';
import '@fontsource/montserrat/latin-700.css';
import '@fontsource/roboto-mono/latin-400.css';

const systemSans =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Headings (h1-h6). */
export const headingFontFamily = `"Archivo", ${systemSans}`;
/** Body text, buttons and controls. */
export const bodyFontFamily = `"Montserrat", ${systemSans}`;
/** Code, ids, serial numbers. */
export const monoFontFamily =
  '"Roboto Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
