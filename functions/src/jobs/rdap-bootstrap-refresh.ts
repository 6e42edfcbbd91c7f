/**
 * The weekly RDAP bootstrap job (EventBridge, weekly; `npm run rdap:bootstrap` writes the
 * repository's snapshot the same way): reads IANA's bootstrap file for domain registrations
 * (https://data.iana.org/rdap/dns.json) through the SSRF guard, checks that it is one (a list of
 * services, each top-level domains and base URLs), and stores it in the table, where the
 * registration check worker reads it; until its first run, and whenever the stored copy cannot be
 * read, the snapshot kept in the repository is used. A file that cannot be read (no answer, not a
 * bootstrap file) is not stored: the last good one stays, and the job logs the reason as an error
 * and answers it.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { guardedRequest, type OutboundOptions } from '../adapters/guarded-http';
import { storeRdapBootstrap } from '../data/registration-records';
import { rdapBootstrapSchema, type RdapBootstrap } from '../domain/rdap';
import { errorMessage } from '../platform/error-message';
import { logger } from '../platform/logger';

export const IANA_RDAP_BOOTSTRAP_URL = 'https://data.iana.org/rdap/dns.json';

/** Reads a bootstrap file from `url`: its text and what it holds, or throws why not. */
export async function readRdapBootstrapFile(
  url: string = IANA_RDAP_BOOTSTRAP_URL,
  options: OutboundOptions = {},
): Promise<{ text: string; bootstrap: RdapBootstrap }> {
  const response = await guardedRequest('GET', url, {}, undefined, options);
  if (response.status !== 200) {
    throw new Error(`The RDAP bootstrap file answered ${response.status}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(response.text);
  } catch {
    throw new Error('The RDAP bootstrap file is not JSON');
  }
  const parsed = rdapBootstrapSchema.safeParse(json);
  if (!parsed.success || parsed.data.services.length === 0) {
    throw new Error('The RDAP bootstrap file has no services');
  }
  return { text: response.text, bootstrap: parsed.data };
}

export type RdapBootstrapRefreshResult =
  | { readonly stored: true; readonly services: number }
  | { readonly stored: false; readonly reason: string };

export async function runRdapBootstrapRefresh(
  now: Date,
  url: string = IANA_RDAP_BOOTSTRAP_URL,
  options: OutboundOptions = {},
): Promise<RdapBootstrapRefreshResult> {
  let file: { text: string; bootstrap: RdapBootstrap };
  try {
    file = await readRdapBootstrapFile(url, options);
  } catch (error) {
    const reason = errorMessage(error);
    logger.error('RDAP bootstrap not refreshed; the last one stored stays', { url, reason });
    return { stored: false, reason };
  }
  await storeRdapBootstrap(file.text, now);
  logger.info('RDAP bootstrap stored', {
    services: file.bootstrap.services.length,
    publication: file.bootstrap.publication,
  });
  return { stored: true, services: file.bootstrap.services.length };
}

export const handler = middy(
  (_event: ScheduledEvent, _context: Context): Promise<RdapBootstrapRefreshResult> =>
    runRdapBootstrapRefresh(new Date()),
).use(injectLambdaContext(logger, { resetKeys: true }));
