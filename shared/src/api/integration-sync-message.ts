/** One integration the scheduled sync's dispatcher hands to its worker (one message each). */
import * as z from 'zod';

export const integrationSyncMessageSchema = z.object({
  workspaceId: z.string().min(1),
  integrationId: z.string().min(1),
});
export type IntegrationSyncMessage = z.infer<typeof integrationSyncMessageSchema>;
