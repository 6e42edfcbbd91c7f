/**
 * The values of a Secrets Manager secret that are in use: the current version and, during a
 * rotation, the previous one. Read once per container and secret, and again after
 * SECRET_VERSIONS_CACHE_MS, so a rotation reaches warm functions without a redeploy.
 */
import { getSecretsManagerClient, loadSecretsManager } from '../platform/aws-clients';

export const SECRET_VERSIONS_CACHE_MS = 5 * 60 * 1000;

interface CachedValues {
  readonly readAt: number;
  readonly values: Promise<readonly string[]>;
}

const cache = new Map<string, CachedValues>();

/** The current value first, then the previous one when a rotation left one. */
export function getSecretVersionValues(
  secretArn: string,
  now: number = Date.now(),
): Promise<readonly string[]> {
  const cached = cache.get(secretArn);
  if (cached && now - cached.readAt < SECRET_VERSIONS_CACHE_MS) return cached.values;
  const values = readValues(secretArn);
  const entry = { readAt: now, values };
  cache.set(secretArn, entry);
  values.catch(() => {
    if (cache.get(secretArn) === entry) cache.delete(secretArn);
  });
  return values;
}

async function readValues(secretArn: string): Promise<readonly string[]> {
  const [current, previous] = await Promise.all([
    readStage(secretArn, 'AWSCURRENT'),
    // Only after a rotation does a previous version exist.
    readStage(secretArn, 'AWSPREVIOUS').catch((error: unknown) => {
      if (error instanceof loadSecretsManager().ResourceNotFoundException) return undefined;
      throw error;
    }),
  ]);
  if (!current) throw new Error(`Secret ${secretArn} has no current value`);
  return previous ? [current, previous] : [current];
}

async function readStage(secretArn: string, stage: string): Promise<string | undefined> {
  const { GetSecretValueCommand } = loadSecretsManager();
  const answer = await getSecretsManagerClient().send(
    new GetSecretValueCommand({ SecretId: secretArn, VersionStage: stage }),
  );
  return answer.SecretString || undefined;
}

export function resetSecretVersionsCacheForTests(): void {
  cache.clear();
}
