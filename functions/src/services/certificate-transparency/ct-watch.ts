/**
 * One read of one watched domain's new certificates (the hourly certificate transparency watch,
 * jobs/ct-watch.ts): the issuances Cert Spotter discovered after the domain's last position, page
 * by page, each page's position written once its certificates are handled, so a failure (a 429
 * with its Retry-After, a 5xx, a timeout, malformed JSON) leaves the position where the last good
 * page ended: the next read (sooner: at the Retry-After, else in 15 minutes) resumes from there,
 * and the error is shown on the domain until a read succeeds.
 *
 * Each certificate is a finding of the workspace, put once by its SHA-256 (whichever domain,
 * page or retry finds it again): that put decides who alerts, so a certificate never alerts twice.
 * - already in the inventory (an endpoint check saw it served, or a token was made from it):
 *   recorded as such, no alert;
 * - new, on a domain that adds by itself: a monitored certificate token, no alert;
 * - new otherwise: "new certificate for … by …, valid until …" through the workspace's alert
 *   channels like any alert (an alert record, a digest row per address, its webhooks, the Slack
 *   app's channel, the alert worker): its default contact group (else the workspace owner) and its webhooks, the link
 *   opening the watched domains, where "Add to inventory" is;
 * - an issuer not on the domain's allow-list: the "unexpected issuer" alert, emailed to each
 *   admin at once (no digest, whatever the thresholds), and through the same channels to the
 *   others, whatever else (even added or held).
 * The alert's id is the certificate's (`ctFindingAlertSubjectId`), so queuing it again sends
 * nothing twice: the worker sends each of its deliveries once. A finding whose alert did not go
 * out (a failure between the put and the send) is alerted by the next read of its page, which the
 * unmoved position makes happen.
 *
 * Frozen workspaces, and workspaces whose plan no longer includes the watch: nothing is read (the
 * schedule moves on; the domains are kept for an upgrade).
 */
import { isIssuerAllowed, issuerLabel } from '@expiry-radar/shared/domain/watched-domains';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { displayDomain } from '@expiry-radar/shared/domain/registered-domains';
import { CT_WATCH_RETRY_MINUTES } from '@expiry-radar/shared/domain/watched-domains';
import type { AlertEnqueuer } from '../../adapters/alert-queue';
import { resolveAppOrigin } from '../../adapters/app-origin';
import { getCredentialSealer } from '../../adapters/credential-sealer';
import { recordAlertEvent } from '../../data/alert-audit';
import { listAlertEmailOptOuts } from '../../data/alert-email-opt-outs';
import { createAlertRecord } from '../../data/alert-record-store';
import { readAlertSettings } from '../../data/alert-settings-records';
import { AUDIT_ACTIONS, recordAuditEvent, SYSTEM_ACTOR } from '../../data/audit-events';
import { createdTokenMetadata } from '../tokens/token-audit';
import { ctFindingAlertSubject } from '../../data/ct-finding-alert-subject';
import {
  findCtFinding,
  insertCtFinding,
  markCtFindingAdded,
  markCtFindingAlerted,
  readSealedCtApiKey,
  writeWatchProgress,
} from '../../data/ct-watch-records';
import { findEmailSuppression } from '../../data/email-suppressions';
import { findSlackInstallation, slackAppChannelOf } from '../../data/slack-app-records';
import type { CtFindingRecord } from '../../data/entities/ct-finding';
import type { WatchedDomainRecord } from '../../data/entities/watched-domain';
import { listMembers } from '../../data/member-records';
import { listAllTokens } from '../../data/token-records';
import { findUserById } from '../../data/user-records';
import { findWorkspaces, type WorkspaceRecord } from '../../data/workspace-store';
import { alertIdOf } from '../../domain/alert-schedule';
import {
  certificateIdOf,
  compareIssuanceIds,
  issuerNamesOf,
  type Issuance,
  type IssuancesPort,
} from '../../domain/certificate-transparency';
import { unexpectedIssuerEmail } from '../../domain/ct-emails';
import type { Mailer } from '../../domain/mailer';
import { errorMessage } from '../../platform/error-message';
import { logger } from '../../platform/logger';
import { alertMessagesFor } from '../alerts/alert-messages';
import { emailChannelKey, resolveDeliveries } from '../alerts/delivery-rules';
import { createCtFindingToken, inventoryFingerprints } from './ct-inventory';
import { checkSavedEndpoints } from '../endpoints/saved-endpoint-checks';
import type { EndpointCheckEnqueuer } from '../../adapters/endpoint-check-queue';

/** Pages one read takes at most; the rest waits for the next hour (the position is kept). */
export const MAX_PAGES_PER_READ = 20;

/** The sealing context of a workspace's Cert Spotter API key. */
export function ctApiKeyContext(workspaceId: string) {
  return { workspaceId, integrationId: 'cert-spotter' };
}

export interface CtWatchPorts {
  readonly issuances: IssuancesPort;
  /** The "unexpected issuer" emails to the admins. */
  readonly mailer: Mailer;
  /** The alert queue, which every other alert goes through. */
  readonly enqueueAlerts: AlertEnqueuer;
  /** The endpoint check queue: a certificate added by itself has its endpoint checked at once. */
  readonly enqueueEndpointChecks: EndpointCheckEnqueuer;
}

export type CtWatchOutcome =
  | { readonly kind: 'skipped' }
  | {
      readonly kind: 'read';
      readonly position: string | null;
      /** Certificates seen for the first time in this read. */
      readonly found: number;
      /** Certificates alerted (each once). */
      readonly alerted: number;
      readonly error: string | null;
    };

/** What one read knows about its workspace, read once. */
interface WorkspaceContext {
  readonly workspace: WorkspaceRecord;
  inventory: Map<string, string> | null;
  admins: string[] | null;
}

async function openApiKey(workspaceId: string): Promise<string | null> {
  const sealed = await readSealedCtApiKey(workspaceId);
  if (sealed === null) return null;
  try {
    return await getCredentialSealer().open(sealed, ctApiKeyContext(workspaceId));
  } catch (error) {
    // The key is never logged; why it could not be opened is.
    logger.warn('The Cert Spotter API key was not opened; reading without it', {
      workspaceId,
      error: errorMessage(error),
    });
    return null;
  }
}

async function adminAddresses(workspaceId: string): Promise<string[]> {
  const admins = (await listMembers(workspaceId)).filter((member) => member.role === 'admin');
  const addresses: string[] = [];
  for (const admin of admins) {
    const user = await findUserById(admin.userId);
    if (user && !(await findEmailSuppression(user.email))) addresses.push(user.email);
  }
  return addresses;
}

/** The "unexpected issuer" alert: an email to each admin at once. Answers who got it. */
async function emailAdmins(
  context: WorkspaceContext,
  finding: CtFindingRecord,
  ports: CtWatchPorts,
): Promise<readonly string[]> {
  context.admins ??= await adminAddresses(finding.workspaceId);
  const appOrigin = await resolveAppOrigin();
  for (const to of context.admins) {
    await ports.mailer.send(
      unexpectedIssuerEmail({
        appOrigin,
        to,
        workspaceName: context.workspace.name,
        domain: displayDomain(finding.domain),
        dnsNames: finding.dnsNames,
        issuer: finding.issuer,
        notAfter: finding.notAfter,
        addedToInventory: finding.status === 'added',
      }),
    );
  }
  return context.admins;
}

/**
 * The alert through the workspace's channels: planned as a token's alert with no contact group of
 * its own, less the addresses already emailed, recorded once under the certificate's id and queued.
 */
async function queueAlert(
  context: WorkspaceContext,
  finding: CtFindingRecord,
  emailed: readonly string[],
  ports: CtWatchPorts,
  now: Date,
): Promise<void> {
  const { workspace } = context;
  const subject = ctFindingAlertSubject(finding);
  const [settings, owner, optedOut, slackInstallation] = await Promise.all([
    readAlertSettings(workspace.id),
    findUserById(workspace.ownerId),
    listAlertEmailOptOuts(workspace.id),
    findSlackInstallation(workspace.id),
  ]);
  const already = new Set(emailed.map(emailChannelKey));
  const planned = resolveDeliveries({
    token: subject,
    workspace,
    settings,
    ownerEmail: owner?.email ?? null,
    slackApp: slackAppChannelOf(slackInstallation),
    optedOut,
  }).filter((delivery) => !already.has(delivery.key));
  if (planned.length === 0) return;
  const alert = {
    alertId: alertIdOf(subject.id, subject.expiresAt, 0),
    workspaceId: workspace.id,
    tokenId: subject.id,
    expiresAt: subject.expiresAt,
    threshold: 0,
  };
  const { created, deliveries } = await createAlertRecord({
    ...alert,
    tokenName: subject.name,
    deliveries: planned,
    now,
  });
  await ports.enqueueAlerts(alertMessagesFor([{ alert, deliveries }]));
  if (created) {
    await recordAlertEvent(
      {
        action: 'alert.queued',
        workspaceId: workspace.id,
        plan: workspace.plan,
        alertId: alert.alertId,
        tokenName: subject.name,
        metadata: {
          certificateTransparency: { domain: finding.domain, certificateId: finding.certificateId },
        },
      },
      now,
    );
  }
}

async function raiseAlert(
  context: WorkspaceContext,
  finding: CtFindingRecord,
  ports: CtWatchPorts,
  now: Date,
): Promise<number> {
  const emailed = finding.unexpectedIssuer ? await emailAdmins(context, finding, ports) : [];
  await queueAlert(context, finding, emailed, ports, now);
  await markCtFindingAlerted(finding.workspaceId, finding.certificateId, now.toISOString());
  return 1;
}

function needsAlert(finding: CtFindingRecord): boolean {
  return finding.alertedAt === null && (finding.unexpectedIssuer || finding.status === 'new');
}

async function handleIssuance(
  record: WatchedDomainRecord,
  context: WorkspaceContext,
  issuance: Issuance,
  ports: CtWatchPorts,
  now: Date,
): Promise<{ found: boolean; alerted: number }> {
  const certificateId = certificateIdOf(issuance);
  const existing = await findCtFinding(record.workspaceId, certificateId);
  if (existing) {
    // Seen before: only an alert that did not go out is sent now.
    return {
      found: false,
      alerted: needsAlert(existing) ? await raiseAlert(context, existing, ports, now) : 0,
    };
  }
  context.inventory ??= inventoryFingerprints(await listAllTokens(record.workspaceId));
  const heldBy = context.inventory.get(certificateId) ?? null;
  const issuer = issuerNamesOf(issuance);
  let finding: CtFindingRecord = {
    workspaceId: record.workspaceId,
    certificateId,
    domain: record.domain,
    issuanceId: issuance.id,
    dnsNames: issuance.dns_names,
    issuer: issuerLabel(issuer),
    notBefore: new Date(issuance.not_before).toISOString(),
    notAfter: new Date(issuance.not_after).toISOString(),
    unexpectedIssuer: !isIssuerAllowed(issuer, record.allowedIssuers),
    status: heldBy ? 'in_inventory' : 'new',
    tokenId: heldBy,
    seenAt: now.toISOString(),
    alertedAt: null,
  };
  if (!(await insertCtFinding(finding))) return { found: false, alerted: 0 };
  const expired = Date.parse(finding.notAfter) <= now.getTime();
  if (finding.status === 'new' && record.autoAdd && !expired) {
    try {
      const token = await createCtFindingToken({ finding, plan: context.workspace.plan, now });
      if (await markCtFindingAdded(record.workspaceId, certificateId, token.id)) {
        finding = { ...finding, status: 'added', tokenId: token.id };
        await checkSavedEndpoints(
          { token, previous: undefined, plan: context.workspace.plan, now },
          ports.enqueueEndpointChecks,
        );
        context.inventory.set(certificateId, token.id);
        await recordAuditEvent({
          scope: { type: 'workspace', workspaceId: record.workspaceId },
          action: AUDIT_ACTIONS.tokenCreated,
          actor: SYSTEM_ACTOR,
          target: { type: 'token', id: token.id, name: token.name },
          plan: context.workspace.plan,
          metadata: {
            ...createdTokenMetadata(token),
            certificateTransparency: { domain: record.domain, certificateId },
          },
          now,
        });
      }
    } catch (error) {
      // A plan limit reached, say: the certificate stays new, and is alerted as such.
      logger.warn('A certificate seen was not added to the inventory by itself', {
        workspaceId: record.workspaceId,
        certificateId,
        error: errorMessage(error),
      });
    }
  }
  return {
    found: true,
    alerted: needsAlert(finding) ? await raiseAlert(context, finding, ports, now) : 0,
  };
}

export async function watchDomain(
  record: WatchedDomainRecord,
  ports: CtWatchPorts,
  now: Date,
): Promise<CtWatchOutcome> {
  const [workspace] = await findWorkspaces([record.workspaceId]);
  // A workspace frozen, or moved to a plan without the watch, is not read; its domains are kept.
  if (
    !workspace ||
    workspace.isFrozen ||
    PLAN_LIMITS[workspace.plan].watchedDomainsPerWorkspace === 0
  ) {
    return { kind: 'skipped' };
  }
  const context: WorkspaceContext = { workspace, inventory: null, admins: null };
  const apiKey = await openApiKey(record.workspaceId);
  let position = record.position;
  let found = 0;
  let alerted = 0;
  const checkedAt = now.toISOString();
  for (let page = 0; page < MAX_PAGES_PER_READ; page += 1) {
    const answer = await ports.issuances({
      domain: record.domain,
      includeSubdomains: record.includeSubdomains,
      after: position,
      apiKey,
    });
    if (answer.kind !== 'page') {
      const error =
        answer.kind === 'refused'
          ? `The certificate transparency search service refused the request (${answer.status})${answer.retryAt ? `; asked again after ${answer.retryAt}` : ''}`
          : answer.reason;
      const retryAt =
        (answer.kind === 'refused' ? answer.retryAt : null) ??
        new Date(now.getTime() + CT_WATCH_RETRY_MINUTES * 60_000).toISOString();
      await writeWatchProgress(record, {
        position,
        checkedAt,
        lastError: error,
        nextCheckAt: retryAt,
      });
      return { kind: 'read', position, found, alerted, error };
    }
    if (answer.issuances.length === 0) break;
    const ordered = [...answer.issuances].sort((a, b) => compareIssuanceIds(a.id, b.id));
    for (const issuance of ordered) {
      const outcome = await handleIssuance(record, context, issuance, ports, now);
      if (outcome.found) found += 1;
      alerted += outcome.alerted;
    }
    const last = ordered[ordered.length - 1]!.id;
    if (position !== null && compareIssuanceIds(last, position) <= 0) break;
    position = last;
    await writeWatchProgress(record, { position, checkedAt, lastError: null });
  }
  await writeWatchProgress(record, { position, checkedAt, lastError: null });
  return { kind: 'read', position, found, alerted, error: null };
}
