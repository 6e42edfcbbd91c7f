/**
 * Which monitored endpoints a plan's limit keeps checking after a downgrade: the endpoints of the
 * oldest tokens first, in each token's own order, up to the limit; the others are paused (kept,
 * not checked) until an upgrade or the removal of older ones makes room. Decided at each dispatch
 * from the current plan.
 */
import type { Limit } from '@expiry-radar/shared/domain/plans';

export interface TokenEndpointCount {
  readonly tokenId: string;
  readonly endpointCount: number;
  /** Null for schedules written before it was kept: they rank first. */
  readonly tokenCreatedAt: string | null;
}

function byAge(a: TokenEndpointCount, b: TokenEndpointCount): number {
  return (
    (a.tokenCreatedAt ?? '').localeCompare(b.tokenCreatedAt ?? '') ||
    a.tokenId.localeCompare(b.tokenId)
  );
}

/**
 * How many of its first endpoints each token keeps checking, for a workspace over `limit`;
 * undefined when the workspace is within it (every endpoint is checked).
 */
export function keptEndpointCounts(
  tokens: readonly TokenEndpointCount[],
  limit: Limit,
): ReadonlyMap<string, number> | undefined {
  const total = tokens.reduce((sum, token) => sum + token.endpointCount, 0);
  if (limit === null || total <= limit) return undefined;
  const kept = new Map<string, number>();
  let room = limit;
  for (const token of [...tokens].sort(byAge)) {
    const count = Math.min(token.endpointCount, room);
    kept.set(token.tokenId, count);
    room -= count;
  }
  return kept;
}
