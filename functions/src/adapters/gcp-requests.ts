/**
 * What Google Cloud's REST calls share (discovery and workload identity federation): requests
 * through the SSRF guard that wait out throttling, Google's error messages, and the read error
 * that says whether the whole sync is refused or one part failed.
 */
import type { AwsSigningCredentials } from '../domain/aws-signature-v4';
import { requestRetryingThrottles, type ThrottledRequestOptions } from './throttled-request';

export const GCP_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** The AWS identity workload identity federation signs with, and the region of its STS. */
export interface FederationIdentity {
  readonly credentials: AwsSigningCredentials;
  readonly region: string;
}

export class GcpReadError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
    /** A later try may mend it (5xx, throttling beyond Retry-After). */
    readonly transient = false,
  ) {
    super(message);
    this.name = 'GcpReadError';
  }
}

export interface GcpTransportOptions extends ThrottledRequestOptions {
  readonly now?: () => Date;
  /** The AWS identity workload identity federation signs with (the workspace's session). */
  readonly federation?: () => Promise<FederationIdentity>;
}

export const isTransientStatus = (status: number) => status === 429 || status >= 500;

export function googleMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as {
      error?: string | { message?: string; status?: string };
      error_description?: string;
    };
    const message =
      parsed.error_description ??
      (typeof parsed.error === 'object'
        ? (parsed.error.message ?? parsed.error.status)
        : parsed.error);
    return message ? `: ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

export function send(
  method: 'GET' | 'POST',
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string | undefined,
  what: string,
  options: GcpTransportOptions,
) {
  return requestRetryingThrottles(
    { method, url, headers, body },
    options,
    (status) =>
      new GcpReadError(
        `${what}: Google Cloud is throttling (${status}); the next sync reads it`,
        false,
        true,
      ),
  );
}
