/** Domain registrations: the registration check queue's message. */
import * as z from 'zod';

/** One domain registration token to look up at its registry (one message per token). */
export const registrationCheckMessageSchema = z.object({
  workspaceId: z.string().min(1),
  tokenId: z.string().min(1),
  /** The A-label the token followed when the message was sent. */
  domain: z.string().min(1),
});
export type RegistrationCheckMessage = z.infer<typeof registrationCheckMessageSchema>;
