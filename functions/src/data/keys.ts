/**
 * Key builders for every entity of the single table. Keys are written only here so that the
 * shapes in ACCESS_PATTERNS.md have one implementation.
 */
export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  session: (sessionIdHash: string) => ({ pk: `SESSION#${sessionIdHash}`, sk: 'SESSION' }),
} as const;

export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
