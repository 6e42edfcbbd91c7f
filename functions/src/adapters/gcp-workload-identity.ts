/**
 * Google Cloud workload identity federation with the deployment's AWS identity, Google's
 * documented external-account flow for AWS, with no key stored:
 *
 * 1. the subject token: an STS `GetCallerIdentity` request (POST
 *    `https://sts.<region>.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15`) signed
 *    with SigV4 (domain/aws-signature-v4.ts) by the workspace's session of the federation role,
 *    its signed headers including `x-goog-cloud-target-resource` (the pool provider), serialised
 *    as JSON `{ url, method, headers: [{ key, value }] }` and URL-encoded. Expiry Radar never sends
 *    it to AWS: Google does, to learn the caller's ARN;
 * 2. Google's security token service `POST {sts_url}/v1/token` exchanges it
 *    (`grant_type=urn:ietf:params:oauth:grant-type:token-exchange`, `subject_token_type`
 *    `urn:ietf:params:aws:token-type:aws4_request`, the provider as `audience`) for a federated
 *    access token;
 * 3. IAM credentials `POST {iam_credentials_url}/v1/projects/-/serviceAccounts/{email}:generateAccessToken`
 *    with it impersonates the service account (scope `cloud-platform`, one hour).
 *
 * A refusal at either step refuses the whole sync (nothing read, nothing marked removed), with
 * what to check on Google's side.
 */
import type { GcpSettings } from '@expiry-radar/shared/api/integration-api-schemas';
import { signAwsRequest } from '../domain/aws-signature-v4';
import {
  GCP_SCOPE,
  GcpReadError,
  googleMessage,
  isTransientStatus,
  send,
  type FederationIdentity,
  type GcpTransportOptions,
} from './gcp-requests';

export const AWS_SUBJECT_TOKEN_TYPE = 'urn:ietf:params:aws:token-type:aws4_request';
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

/** The signed `GetCallerIdentity` request Google's token exchange reads the caller from. */
export function awsSubjectToken(identity: FederationIdentity, audience: string, now: Date): string {
  const url = `https://sts.${identity.region}.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15`;
  const headers = signAwsRequest(
    { method: 'POST', url, headers: { 'x-goog-cloud-target-resource': audience }, body: '' },
    { credentials: identity.credentials, region: identity.region, service: 'sts', now },
  );
  return encodeURIComponent(
    JSON.stringify({
      url,
      method: 'POST',
      headers: Object.entries(headers).map(([key, value]) => ({
        key: key === 'authorization' ? 'Authorization' : key,
        value,
      })),
    }),
  );
}

function refused(step: string, status: number, text: string, advice: string): GcpReadError {
  return new GcpReadError(
    `${step} refused the sign-in (${status})${googleMessage(text)}: ${advice}`,
    true,
    isTransientStatus(status),
  );
}

function field(text: string, name: string): string | null {
  try {
    const value = (JSON.parse(text) as Record<string, unknown>)[name];
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

/** An access token of the service account, bought with the deployment's AWS identity. */
export async function federatedAccessToken(
  settings: GcpSettings,
  identity: FederationIdentity,
  options: GcpTransportOptions,
): Promise<string> {
  const audience = settings.workload_identity_provider ?? '';
  const email = settings.service_account_email ?? '';
  const now = (options.now ?? (() => new Date()))();
  const exchange = await send(
    'POST',
    `${settings.sts_url}/v1/token`,
    { 'content-type': 'application/json' },
    JSON.stringify({
      grant_type: TOKEN_EXCHANGE_GRANT,
      audience,
      scope: GCP_SCOPE,
      requested_token_type: ACCESS_TOKEN_TYPE,
      subject_token: awsSubjectToken(identity, audience, now),
      subject_token_type: AWS_SUBJECT_TOKEN_TYPE,
    }),
    "Google's security token service",
    options,
  );
  if (exchange.status < 200 || exchange.status >= 300) {
    throw refused(
      "Google's security token service",
      exchange.status,
      exchange.text,
      "check the pool's AWS provider trusts the deployment's account and its condition names this workspace's session",
    );
  }
  const federated = field(exchange.text, 'access_token');
  if (!federated) {
    throw new GcpReadError("Google's security token service answered no access token", true);
  }
  const impersonation = await send(
    'POST',
    `${settings.iam_credentials_url}/v1/projects/-/serviceAccounts/${encodeURIComponent(email)}:generateAccessToken`,
    { 'content-type': 'application/json', authorization: `Bearer ${federated}` },
    JSON.stringify({ scope: [GCP_SCOPE], lifetime: '3600s' }),
    'IAM credentials',
    options,
  );
  if (impersonation.status < 200 || impersonation.status >= 300) {
    throw refused(
      `Impersonating ${email}`,
      impersonation.status,
      impersonation.text,
      "grant the pool's principal roles/iam.workloadIdentityUser on the service account",
    );
  }
  const token = field(impersonation.text, 'accessToken');
  if (!token) throw new GcpReadError('IAM credentials answered no access token', true);
  return token;
}
