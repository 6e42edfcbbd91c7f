/** Email addresses: trimmed, lower-cased, checked ("Please enter a valid email address"). */
import * as z from 'zod';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }));
