/**
 * The values CloudFront may send as its origin secret, read from Secrets Manager: the current
 * version and, during a rotation, the previous one (until the distribution sends the new value).
 * Read once per container and again after ORIGIN_SECRET_CACHE_MS, so a rotation reaches warm
 * functions without a redeploy.
 */
import { GetSecretValueCommand, ResourceNotFoundException } from '@aws-sdk/client-secrets-manager';
import { getSecretsManagerClient } from '../platform/aws-clients';

export const ORIGIN_SECRET_CACHE_MS = 5 * 60 * 1000;

interface CachedValues {
  readonly secretArn: string;
  readonly readAt: number;
  readonly values: Promise<readonly string[]>;
}

let cached: CachedValues | undefined;

export function getOriginSecretValues(
  secretArn: string,
  now: number = Date.now(),
): Promise<readonly string[]> {
  if (cached?.secretArn === secretArn && now - cached.readAt < ORIGIN_SECRET_CACHE_MS) {
    return cached.values;
  }
  const values = readValues(secretArn);
  const entry = { secretArn, readAt: now, values };
  cached = entry;
  values.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return values;
}

async function readValues(secretArn: string): Promise<readonly string[]> {
  const [current, previous] = await Promise.all([
    readStage(secretArn, 'AWSCURRENT'),
    // Only after a rotation does a previous version exist.
    readStage(secretArn, 'AWSPREVIOUS').catch((error: unknown) => {
      if (error instanceof ResourceNotFoundException) return undefined;
      throw error;
    }),
  ]);
  if (!current) throw new Error(`Secret ${secretArn} has no current value`);
  return previous ? [current, previous] : [current];
}

async function readStage(secretArn: string, stage: string): Promise<string | undefined> {
  const answer = await getSecretsManagerClient().send(
    new GetSecretValueCommand({ SecretId: secretArn, VersionStage: stage }),
  );
  return answer.SecretString || undefined;
}

export function resetOriginSecretCacheForTests(): void {
  cached = undefined;
}
