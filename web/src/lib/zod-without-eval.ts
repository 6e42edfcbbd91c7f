import { config } from 'zod';

/**
 * zod compiles a fast parser for each object schema with `new Function`, when it may. The app's
 * Content-Security-Policy does not allow it (`script-src 'self'`, no 'unsafe-eval': see
 * shared/src/constants/web-security-headers.ts), so zod is told not to try: trying would be
 * refused and reported as a violation on every page. Imported first by main.tsx, before any
 * module makes a schema (zod decides as each object schema is made).
 */
config({ jitless: true });
