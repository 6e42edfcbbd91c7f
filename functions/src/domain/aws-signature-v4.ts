/**
 * AWS Signature Version 4 of one HTTP request (AWS's documented algorithm: canonical request,
 * string to sign, the key derived from the secret per date, region and service). Google Cloud's
 * workload identity federation wants the deployment's AWS identity as a signed
 * `GetCallerIdentity` request that Google itself sends to AWS, so the request is signed here but
 * never sent by Expiry Radar.
 */
import { createHash, createHmac } from 'node:crypto';

export interface AwsSigningCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

export interface AwsRequestToSign {
  readonly method: string;
  readonly url: string;
  /** Headers to sign besides `host`, `x-amz-date` and `x-amz-security-token`, which are added. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding, as SigV4 wants it (`encodeURIComponent` leaves `!'()*` alone). */
const encode = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `20150830T123600Z` */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The request's headers, signed: the ones given, `host`, `x-amz-date`, the session token and `Authorization`. */
export function signAwsRequest(
  request: AwsRequestToSign,
  options: {
    readonly credentials: AwsSigningCredentials;
    readonly region: string;
    readonly service: string;
    readonly now: Date;
  },
): Record<string, string> {
  const url = new URL(request.url);
  const date = amzDate(options.now);
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
    ),
    host: url.host,
    'x-amz-date': date,
    ...(options.credentials.sessionToken
      ? { 'x-amz-security-token': options.credentials.sessionToken }
      : {}),
  };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const query = [...url.searchParams.entries()]
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method.toUpperCase(),
    url.pathname
      .split('/')
      .map((segment) => encode(decodeURIComponent(segment)))
      .join('/') || '/',
    query,
    ...names.map((name) => `${name}:${(headers[name] ?? '').trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    sha256(request.body),
  ].join('\n');
  const day = date.slice(0, 8);
  const scope = `${day}/${options.region}/${options.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(
      hmac(hmac(`AWS4${options.credentials.secretAccessKey}`, day), options.region),
      options.service,
    ),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${options.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
