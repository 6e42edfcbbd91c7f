/**
 * The four token categories' values, without zod: the web's start-up bundle reads them (the
 * dashboard's first reads, asked for as the app starts). Everything else about the categories is
 * in categories.ts.
 */
export const CATEGORIES = ['cert', 'key_secret', 'license', 'general'] as const;
export type Category = (typeof CATEGORIES)[number];
