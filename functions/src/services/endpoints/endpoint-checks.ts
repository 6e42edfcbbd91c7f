/**
 * One check of one TLS endpoint (a message of the endpoint check queue): connect, judge what is
 * served (domain/endpoint-check), and act on it.
 *
 * - A newer certificate served: the token follows it (expiry, issuer, serial) through the same
 *   write as an edit, which re-arms its alerts for the new date as a manual renewal does, and an
 *   audit event "renewal detected" says so.
 * - A problem that appeared (expired, another name, untrusted chain, expiring sooner, unreachable
 *   three times in a row): one alert of kind "endpoint problem" through the alert pipeline (record,
 *   digest per address, webhook messages and the Slack app's channel, the worker), idempotent by its id (token, expiry,
 *   problem, first seen, endpoint). The check is written before the alert and marked alerted
 *   after, so a retried message queues the same alert again (the worker sends it once) and a
 *   lost one is queued by the next check.
 * - A problem gone: recorded in the audit trail; the endpoint's status shows it cleared.
 *
 * The chain is judged against the public roots and the certificate authorities the workspace
 * trusts (services/certificate-authorities), read with the token, so a CA added or removed counts
 * from the next check on.
 *
 * Frozen workspaces: the check is written, nothing else is done.
 */
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import {
  endpointKeyOf,
  endpointProblemText,
  type EndpointCheck,
  type TokenEndpoint,
} from '@expiry-radar/shared/domain/endpoints';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { AlertEnqueuer } from '../../adapters/alert-queue';
import { recordAlertEvent } from '../../data/alert-audit';
import { listAlertEmailOptOuts } from '../../data/alert-email-opt-outs';
import { createAlertRecord } from '../../data/alert-record-store';
import { readAlertSettings } from '../../data/alert-settings-records';
import { AUDIT_ACTIONS, recordAuditEvent, SYSTEM_ACTOR } from '../../data/audit-events';
import { writeEndpointCheck } from '../../data/endpoint-records';
import { keys } from '../../data/keys';
import { findSlackInstallation, slackAppChannelOf } from '../../data/slack-app-records';
import { findToken } from '../../data/token-records';
import { trustedCertificateAuthorityPems } from '../../data/trusted-certificate-authority-records';
import { updateToken } from '../../data/token-mutations';
import { findUserById } from '../../data/user-records';
import { findWorkspaces } from '../../data/workspace-store';
import { endpointProblemAlertIdOf } from '../../domain/alert-schedule';
import { evaluateEndpointCheck, type EndpointChecker } from '../../domain/endpoint-check';
import { alertMessagesFor } from '../alerts/alert-messages';
import { resolveDeliveries } from '../alerts/delivery-rules';
import { ownerEmailOf, ownerEmailsOf } from '../../data/token-owner-emails';

export interface EndpointCheckPorts {
  readonly check: EndpointChecker;
  readonly enqueueAlerts: AlertEnqueuer;
}

export type EndpointCheckOutcome =
  | { readonly kind: 'gone' }
  | {
      readonly kind: 'checked';
      readonly check: EndpointCheck;
      readonly renewed: boolean;
      readonly alertId: string | null;
      readonly cleared: boolean;
    };

function sameEndpoint(a: Pick<TokenEndpoint, 'host' | 'port' | 'sni'>, b: EndpointCheckMessage) {
  return a.host === b.host && a.port === b.port && (a.sni ?? null) === (b.sni ?? null);
}

async function raiseProblem(options: {
  token: Token;
  endpointKey: string;
  check: EndpointCheck;
  plan: Plan;
  ownerId: string;
  ports: EndpointCheckPorts;
  now: Date;
}): Promise<string | null> {
  const { token, check, endpointKey, now } = options;
  if (!check.problem || !check.problem_since) return null;
  const workspaceId = token.workspace_id;
  const [settings, owner, optedOut, ownerEmails, slackInstallation] = await Promise.all([
    readAlertSettings(workspaceId),
    findUserById(options.ownerId),
    listAlertEmailOptOuts(workspaceId),
    ownerEmailsOf([token]),
    findSlackInstallation(workspaceId),
  ]);
  const alertId = endpointProblemAlertIdOf({
    tokenId: token.id,
    expiresAt: token.expiresAt,
    problem: check.problem,
    since: check.problem_since,
    endpointKey,
  });
  const planned = resolveDeliveries({
    token,
    workspace: { plan: options.plan },
    settings,
    ownerEmail: owner?.email ?? null,
    tokenOwnerEmail: ownerEmailOf(ownerEmails, token),
    slackApp: slackAppChannelOf(slackInstallation),
    optedOut,
  });
  const alert = {
    alertId,
    workspaceId,
    tokenId: token.id,
    expiresAt: token.expiresAt,
    threshold: 0,
  };
  if (planned.length === 0) return null;
  const { created, deliveries } = await createAlertRecord({
    ...alert,
    tokenName: token.name,
    deliveries: planned,
    now,
  });
  await options.ports.enqueueAlerts(alertMessagesFor([{ alert, deliveries }]));
  if (created) {
    await recordAlertEvent(
      {
        action: 'alert.queued',
        workspaceId,
        plan: options.plan,
        alertId,
        tokenName: token.name,
        metadata: { endpoint: endpointKey, problem: check.problem },
      },
      now,
    );
  }
  return alertId;
}

export async function checkEndpoint(
  message: EndpointCheckMessage,
  ports: EndpointCheckPorts,
  now: Date,
): Promise<EndpointCheckOutcome> {
  const [current, [workspace], trustedCertificateAuthorities] = await Promise.all([
    findToken(message.workspaceId, message.tokenId),
    findWorkspaces([message.workspaceId]),
    trustedCertificateAuthorityPems(message.workspaceId, { consistent: false }),
  ]);
  const index = current?.endpoints?.findIndex((endpoint) => sameEndpoint(endpoint, message)) ?? -1;
  const endpoint = current?.endpoints?.[index];
  if (!current || !endpoint || !workspace) return { kind: 'gone' };
  const endpointKey = endpointKeyOf(endpoint);
  const probe = await ports.check(endpoint, { trustedCertificateAuthorities });
  const verdict = evaluateEndpointCheck({
    endpointKey,
    probe,
    previous: endpoint.last_check ?? null,
    tokenExpiresAt: current.expiresAt,
    now,
  });
  const tokenKey = keys.token(current.workspace_id, current.id);
  const audit = (action: (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS], metadata: object) =>
    recordAuditEvent({
      scope: { type: 'workspace', workspaceId: current.workspace_id },
      action,
      actor: SYSTEM_ACTOR,
      target: { type: 'token', id: current.id, name: current.name },
      plan: workspace.plan,
      metadata: { endpoint: endpointKey, ...metadata },
      now,
    });

  if (workspace.isFrozen) {
    await writeEndpointCheck(tokenKey, index, endpoint, verdict.check);
    return { kind: 'checked', check: verdict.check, renewed: false, alertId: null, cleared: false };
  }

  let token = current;
  if (verdict.renewal) {
    token = await updateToken(
      current,
      {
        expiresAt: verdict.renewal.expiresAt,
        issuer: verdict.renewal.issuer,
        serial_number: verdict.renewal.serialNumber,
      },
      now,
    );
    await audit(AUDIT_ACTIONS.tokenRenewalDetected, {
      previousExpiresAt: current.expiresAt,
      expiresAt: token.expiresAt,
      fingerprint: verdict.check.fingerprint_sha256,
    });
  }
  if (!(await writeEndpointCheck(tokenKey, index, endpoint, verdict.check))) {
    return { kind: 'gone' };
  }
  if (verdict.cleared) {
    await audit(AUDIT_ACTIONS.endpointProblemCleared, {
      problem: verdict.cleared,
      message: endpointProblemText(endpointKey, verdict.cleared),
    });
  }
  let alertId: string | null = null;
  if (verdict.check.problem && verdict.check.alerted_at === null) {
    alertId = await raiseProblem({
      token,
      endpointKey,
      check: verdict.check,
      plan: workspace.plan,
      ownerId: workspace.ownerId,
      ports,
      now,
    });
    if (verdict.raised) {
      await audit(AUDIT_ACTIONS.endpointProblemRaised, {
        problem: verdict.raised,
        message: verdict.check.message,
        ...(alertId ? { alertId } : {}),
      });
    }
    const alerted = { ...verdict.check, alerted_at: now.toISOString() };
    await writeEndpointCheck(tokenKey, index, endpoint, alerted);
    return {
      kind: 'checked',
      check: alerted,
      renewed: false,
      alertId,
      cleared: verdict.cleared !== null,
    };
  }
  return {
    kind: 'checked',
    check: verdict.check,
    renewed: verdict.renewal !== null,
    alertId,
    cleared: verdict.cleared !== null,
  };
}
