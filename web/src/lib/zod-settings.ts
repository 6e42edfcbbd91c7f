import { config } from 'zod';

/**
 * zod's settings for the web app, imported first by main.tsx, before any module makes a schema.
 *
 * zod compiles a fast parser for each object schema with `new Function`, when it may. The app's
 * Content-Security-Policy does not allow it (`script-src 'self'`, no 'unsafe-eval': see
 * shared/src/constants/web-security-headers.ts), so zod is told not to try: trying would be
 * refused and reported as a violation on every page (zod decides as each object schema is made).
 *
 * The product's words for a field without a message of its own come with the first page that
 * has a form (lib/validation-messages-loader.ts).
 */
config({ jitless: true });
