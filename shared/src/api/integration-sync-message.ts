/**
 * One integration the scheduled sync's dispatcher hands to its worker (one message each). A sync
 * of a large account that the worker could not finish within its time limit goes on in a second
 * message, carrying where it stopped (`continuation`). A "Sync now" too large for its request
 * continues here too (`requestedBy`).
 */
import * as z from 'zod';

/** At most this many messages per sync: each reads at least one part of the source. */
export const MAX_SYNC_MESSAGES = 200;
/** Tokens that disappeared from the parts already read, carried to the sync's last message. */
export const MAX_CARRIED_MISSING = 1_000;
export const MAX_CARRIED_PARTS = 1_000;
export const MAX_CARRIED_ERRORS = 50;

const count = z.number().int().min(0);

export const integrationSyncContinuationSchema = z.object({
  /** The messages of this sync so far. */
  messages: z.number().int().min(1).max(MAX_SYNC_MESSAGES),
  /** Part prefixes (domain/discovery.ts) the earlier messages read. */
  parts: z.array(z.string().max(1_000)).max(MAX_CARRIED_PARTS),
  /** Those that could not be read: their tokens are not marked removed. */
  unread: z.array(z.string().max(1_000)).max(MAX_CARRIED_PARTS),
  /** External ids of the integration's tokens that the parts already read no longer hold. */
  missing: z.array(z.string().max(1_000)).max(MAX_CARRIED_MISSING),
  errors: z.array(z.string().max(2_000)).max(MAX_CARRIED_ERRORS),
  /** What the earlier messages wrote and found, added to the sync's recorded outcome. */
  totals: z.object({
    created: count,
    updated: count,
    unchanged: count,
    renewed: count,
    link_candidates: count,
  }),
});
export type IntegrationSyncContinuation = z.infer<typeof integrationSyncContinuationSchema>;

export const integrationSyncMessageSchema = z.object({
  workspaceId: z.string().min(1),
  integrationId: z.string().min(1),
  continuation: integrationSyncContinuationSchema.optional(),
  /**
   * A "Sync now" too large for its request, going on here: synced as the person who asked,
   * whatever the integration's schedule, recorded even when nothing changed, and not retried.
   */
  requestedBy: z.object({ id: z.string().min(1), email: z.string().nullable() }).optional(),
});
export type IntegrationSyncMessage = z.infer<typeof integrationSyncMessageSchema>;
