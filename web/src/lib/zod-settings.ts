import { config } from 'zod';
import { installProductValidationMessages } from '@expiry-radar/shared/errors/validation-messages';

/**
 * zod's settings for the web app, imported first by main.tsx, before any module makes a schema.
 *
 * zod compiles a fast parser for each object schema with `new Function`, when it may. The app's
 * Content-Security-Policy does not allow it (`script-src 'self'`, no 'unsafe-eval': see
 * shared/src/constants/web-security-headers.ts), so zod is told not to try: trying would be
 * refused and reported as a violation on every page (zod decides as each object schema is made).
 *
 * A field without a message of its own is refused in the product's words, as the API refuses it.
 */
config({ jitless: true });
installProductValidationMessages();
