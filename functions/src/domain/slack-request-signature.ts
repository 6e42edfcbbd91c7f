/**
 * Slack's request signature (pure): `X-Slack-Signature: v0=<hex HMAC-SHA256 of
 * "v0:<X-Slack-Request-Timestamp>:<raw body>">` under the app's signing secret, compared in
 * constant time. A request signed right but whose timestamp is more than 5 minutes from now
 * (either way) is stale: a captured request cannot be replayed later. Only a request whose
 * signature holds can be trusted to say which workspace it is about (its refusal is audited
 * there); a forged one is only logged.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SLACK_SIGNATURE_VERSION = 'v0';
export const SLACK_TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

export type SlackSignatureCheck = 'valid' | 'stale' | 'forged';

export function slackSignature(signingSecret: string, timestamp: string, rawBody: string): string {
  const base = `${SLACK_SIGNATURE_VERSION}:${timestamp}:${rawBody}`;
  return `${SLACK_SIGNATURE_VERSION}=${createHmac('sha256', signingSecret).update(base).digest('hex')}`;
}

/**
 * Whether a request carries a signature to check at all (a timestamp of digits and a signature):
 * one that does not is forged whatever the secret, so the secret need not be read for it.
 */
export function hasSlackSignature(
  timestamp: string | undefined,
  signature: string | undefined,
): boolean {
  return Boolean(timestamp && /^\d{1,12}$/.test(timestamp) && signature);
}

export function checkSlackSignature(request: {
  readonly signingSecret: string;
  readonly timestamp: string | undefined;
  readonly signature: string | undefined;
  readonly rawBody: string;
  readonly now: Date;
}): SlackSignatureCheck {
  const { timestamp, signature } = request;
  if (!timestamp || !signature || !hasSlackSignature(timestamp, signature)) return 'forged';
  const expected = Buffer.from(slackSignature(request.signingSecret, timestamp, request.rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  const ageSeconds = Math.abs(request.now.getTime() / 1000 - Number(timestamp));
  return ageSeconds > SLACK_TIMESTAMP_TOLERANCE_SECONDS ? 'stale' : 'valid';
}
