/**
 * Cert Spotter's issuances API (SSLMate's Certificate Transparency Search API v1), as the
 * certificate transparency watch reads it: `GET <base>v1/issuances?domain=<name>
 * &include_subdomains=true|false&expand=dns_names&expand=issuer[&after=<id>]`, an optional
 * `Authorization: Bearer <key>`. The answer is a JSON array of issuance objects, oldest discovered
 * first: `id` (a decimal string, the position to ask `after` next), `tbs_sha256`, `cert_sha256`,
 * `pubkey_sha256`, `dns_names`, `issuer` (`friendly_name`, `name`, `caa_domains`, `operator`
 * {`name`}, …), `not_before`, `not_after`, `revoked`. An empty array: nothing newer. A 429 says
 * when to ask again in `Retry-After`.
 */
import * as z from 'zod';
import type { IssuerNames } from '@expiry-radar/shared/domain/watched-domains';

const issuerSchema = z
  .object({
    friendly_name: z.string().nullish(),
    name: z.string().nullish(),
    caa_domains: z.array(z.string()).nullish(),
    operator: z.object({ name: z.string().nullish() }).nullish(),
  })
  .nullish();

export const issuanceSchema = z.object({
  id: z.string().regex(/^\d+$/),
  tbs_sha256: z.string().regex(/^[0-9a-fA-F]{64}$/),
  /** Absent for an issuance known only as a precertificate: then the TBS hash stands for it. */
  cert_sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .nullish(),
  pubkey_sha256: z.string().nullish(),
  dns_names: z.array(z.string()).default([]),
  issuer: issuerSchema,
  not_before: z.string().refine((text) => !Number.isNaN(Date.parse(text))),
  not_after: z.string().refine((text) => !Number.isNaN(Date.parse(text))),
  revoked: z.boolean().nullish(),
});
export type Issuance = z.infer<typeof issuanceSchema>;

/** What one page of the issuances API gave. */
export type IssuancePage =
  | { readonly kind: 'page'; readonly issuances: readonly Issuance[] }
  | { readonly kind: 'refused'; readonly status: number; readonly retryAt: string | null }
  | { readonly kind: 'failed'; readonly reason: string };

/** Port: one page of issuances for a domain, after a position. */
export type IssuancesPort = (request: {
  readonly domain: string;
  readonly includeSubdomains: boolean;
  readonly after: string | null;
  readonly apiKey: string | null;
}) => Promise<IssuancePage>;

/** Reads an answer's text; null when it is not an array of issuances. */
export function readIssuances(text: string): Issuance[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = z.array(issuanceSchema).safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The certificate's id in the watch: its SHA-256 (else its TBS hash), lower-case hex. */
export function certificateIdOf(issuance: Issuance): string {
  return (issuance.cert_sha256 ?? issuance.tbs_sha256).toLowerCase();
}

export function issuerNamesOf(issuance: Issuance): IssuerNames {
  return {
    friendlyName: issuance.issuer?.friendly_name ?? null,
    name: issuance.issuer?.name ?? null,
    caaDomains: issuance.issuer?.caa_domains ?? [],
    operator: issuance.issuer?.operator?.name ?? null,
  };
}

/** `<base>v1/issuances?…` for one page. */
export function issuancesUrl(
  base: string,
  request: {
    readonly domain: string;
    readonly includeSubdomains: boolean;
    readonly after: string | null;
  },
): string {
  const url = new URL('v1/issuances', base.endsWith('/') ? base : `${base}/`);
  url.searchParams.set('domain', request.domain);
  url.searchParams.set('include_subdomains', request.includeSubdomains ? 'true' : 'false');
  url.searchParams.append('expand', 'dns_names');
  url.searchParams.append('expand', 'issuer');
  if (request.after !== null) url.searchParams.set('after', request.after);
  return url.toString();
}

/** Compares issuance ids (decimal strings of any length). */
export function compareIssuanceIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

const CT_FINDING_SUBJECT_MARK = 'ct-';

/**
 * What a certificate seen stands as in the alert pipeline, whose alerts are each about a token:
 * an id of the token id's form, `<workspaceId>.ct-<cert_sha256>` (domain/token-ids.ts), so its
 * alert record is stored and found as a token's, and the worker reads the finding in its place.
 */
export function ctFindingAlertSubjectId(workspaceId: string, certificateId: string): string {
  return `${workspaceId}.${CT_FINDING_SUBJECT_MARK}${certificateId}`;
}

/** What the alert queue says of a certificate seen's alert, in place of its window. */
export const CT_FINDING_ALERT_QUEUE_TEXT = 'New certificate seen in certificate transparency logs';

/** The finding an alert subject id names (`ctFindingAlertSubjectId`), or null for a token's. */
export function ctFindingOfAlertSubject(
  subjectId: string,
): { readonly workspaceId: string; readonly certificateId: string } | null {
  const match = /^(.+)\.ct-([0-9a-f]{64})$/.exec(subjectId);
  return match ? { workspaceId: match[1]!, certificateId: match[2]! } : null;
}
