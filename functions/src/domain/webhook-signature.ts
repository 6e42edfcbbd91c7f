/**
 * Signing of generic webhooks, so receivers can verify them. The receiver recomputes
 * `v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>` over the raw body, compares it in
 * constant time and refuses old timestamps (replays). The secret is used as UTF-8 text.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Expiry-Radar-Signature';
export const TIMESTAMP_HEADER = 'X-Expiry-Radar-Timestamp';
export const SIGNATURE_VERSION = 'v1';
/** How old a signed timestamp a receiver should accept. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function computeSignature(secret: string, timestamp: string, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `${SIGNATURE_VERSION}=${digest}`;
}

/** The two headers of a signed request; `timestamp` is Unix seconds. */
export function signatureHeaders(
  secret: string,
  body: string,
  now: Date,
): Record<typeof TIMESTAMP_HEADER | typeof SIGNATURE_HEADER, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: computeSignature(secret, timestamp, body),
  };
}

/** What a receiver does: true only for a matching signature on a recent timestamp. */
export function verifyWebhookSignature(options: {
  secret: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  now: Date;
  toleranceSeconds?: number;
}): boolean {
  const { secret, body, timestamp, signature, now } = options;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  const age = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (age > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(computeSignature(secret, timestamp, body));
  // A header may list several signatures (e.g. during a secret rotation).
  return signature.split(',').some((candidate) => {
    const given = Buffer.from(candidate.trim());
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
