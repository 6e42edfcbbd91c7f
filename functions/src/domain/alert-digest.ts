/**
 * A digest: one email to one address listing every alert due for it, grouped by workspace, most
 * urgent first. What a row says (the token, its identifying fields, why the address gets it) and
 * the one-line summary ("3 certificates and 1 API key expire in the next 7 days") live here; the
 * email's layout is domain/alert-email.ts.
 */
import type { Category, TokenType } from '@expiry-radar/shared/domain/categories';
import { displayDomainList } from '@expiry-radar/shared/domain/domain-names';
import { CRITICAL_DAYS, WARNING_DAYS } from '@expiry-radar/shared/domain/expiry-status';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { AlertNotice } from './alert-channels';

/** Why an address gets a token's alerts. */
export type RecipientReason =
  | { readonly kind: 'contact_group'; readonly groupName: string }
  /** No contact group applies: the workspace's owner (an admin) gets them. */
  | { readonly kind: 'workspace_owner' }
  /** The token's owner (its `owner_id`) gets its alerts whatever the contact groups say. */
  | { readonly kind: 'token_owner' }
  /**
   * The escalation group of the token's contact group (`from`), after `delayHours`; the names
   * are null when the groups changed since the scan.
   */
  | {
      readonly kind: 'escalation';
      readonly groupName: string | null;
      readonly fromGroupName: string | null;
      readonly delayHours: number | null;
    };

export interface IdentifyingField {
  readonly label: string;
  readonly value: string;
}

export interface DigestRow {
  readonly notice: AlertNotice;
  readonly identifiers: readonly IdentifyingField[];
  readonly reason: RecipientReason;
  /**
   * Why the alert's action links are left out for this address (using them would be refused:
   * services/alerts/alert-action-links.ts); absent when every one is offered.
   */
  readonly actionsWithheld?: string;
}

/** The links of one workspace's part of a digest. */
export interface WorkspaceLinks {
  /** The workspace's alert settings (who gets what, thresholds, channels). */
  readonly preferencesUrl: string;
  /** Stops this workspace's alert emails to this address (signed, one click). */
  readonly unsubscribeUrl: string;
}

/** Which part of a digest too long for one email this one is (alert-queue-api-schemas). */
export interface DigestPartInfo {
  readonly number: number;
  readonly of: number;
  /** The rows of the whole digest. */
  readonly alerts: number;
  /** The whole digest's summary line, on part 1 only. */
  readonly summary?: string;
}

export interface AlertDigest {
  readonly to: string;
  readonly rows: readonly DigestRow[];
  /** Absent for a digest sent whole (one email). */
  readonly part?: DigestPartInfo;
  /** Per workspace id of the rows. */
  readonly workspaceLinks: ReadonlyMap<string, WorkspaceLinks>;
  /** The page that asks before it stops the alert emails of every workspace in the digest. */
  readonly unsubscribePageUrl: string;
  /** The same, as the List-Unsubscribe header's one-click address (a POST; no link to click). */
  readonly unsubscribeUrl: string;
}

export interface DigestSection {
  readonly workspaceId: string;
  readonly workspaceName: string;
  readonly rows: readonly DigestRow[];
}

/** The fields that tell one token from another of its kind, when set. */
export function identifyingFields(
  token: Pick<Token, 'category' | 'domains' | 'issuer' | 'location' | 'used_by' | 'vendor'>,
): IdentifyingField[] {
  const fields: [string, string | null][] =
    token.category === 'cert'
      ? [
          ['Domains', token.domains.length > 0 ? displayDomainList(token.domains) : null],
          ['Issuer', token.issuer],
        ]
      : token.category === 'license'
        ? [['Vendor', token.vendor]]
        : [
            ['Location', token.location],
            ['Used by', token.used_by],
          ];
  return fields.flatMap(([label, value]) =>
    value?.trim() ? [{ label, value: value.trim() }] : [],
  );
}

const byUrgency = (a: DigestRow, b: DigestRow) =>
  a.notice.daysLeft - b.notice.daysLeft ||
  a.notice.tokenName.localeCompare(b.notice.tokenName) ||
  a.notice.alertId.localeCompare(b.notice.alertId);

/**
 * The rows per workspace, most urgent first (fewest days left, then by name); workspaces in the
 * order of their most urgent row, then by name.
 */
export function digestSections(rows: readonly DigestRow[]): DigestSection[] {
  const sections = new Map<string, DigestRow[]>();
  for (const row of [...rows].sort(byUrgency)) {
    const section = sections.get(row.notice.workspaceId) ?? [];
    section.push(row);
    sections.set(row.notice.workspaceId, section);
  }
  return [...sections.values()]
    .map((sectionRows) => ({
      workspaceId: sectionRows[0]!.notice.workspaceId,
      workspaceName: sectionRows[0]!.notice.workspaceName,
      rows: sectionRows,
    }))
    .sort(
      (a, b) =>
        byUrgency(a.rows[0]!, b.rows[0]!) ||
        a.workspaceName.localeCompare(b.workspaceName) ||
        a.workspaceId.localeCompare(b.workspaceId),
    );
}

/** What one token is called in a summary, singular. */
const TYPE_NOUNS: Readonly<Record<TokenType, string>> = {
  ssl_cert: 'certificate',
  tls_cert: 'certificate',
  code_signing: 'certificate',
  client_cert: 'certificate',
  api_key: 'API key',
  secret: 'secret',
  password: 'password',
  encryption_key: 'encryption key',
  ssh_key: 'SSH key',
  software_license: 'license',
  service_subscription: 'subscription',
  domain_registration: 'domain registration',
  other: 'item',
  document: 'document',
  membership: 'membership',
};

const CATEGORY_NOUNS: Readonly<Record<Category, string>> = {
  cert: 'certificate',
  key_secret: 'secret',
  license: 'license',
  general: 'item',
};

function nounOf(notice: Pick<AlertNotice, 'type' | 'category'>): string {
  return TYPE_NOUNS[notice.type as TokenType] ?? CATEGORY_NOUNS[notice.category] ?? 'item';
}

/** "A", "A and B", "A, B and C". */
export function listInWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]!}`;
}

/** "3 certificates and 1 API key": counts per kind, the largest first. */
export function countInWords(notices: readonly Pick<AlertNotice, 'type' | 'category'>[]): string {
  const counts = new Map<string, number>();
  for (const notice of notices) {
    const noun = nounOf(notice);
    counts.set(noun, (counts.get(noun) ?? 0) + 1);
  }
  const parts = [...counts]
    .sort(([nounA, a], [nounB, b]) => b - a || nounA.localeCompare(nounB))
    .map(([noun, count]) => `${count} ${noun}${count === 1 ? '' : 's'}`);
  return listInWords(parts);
}

/** "in the next 7 days", "by tomorrow", "today". */
function horizonInWords(daysLeft: number): string {
  if (daysLeft <= 0) return 'today';
  if (daysLeft === 1) return 'by tomorrow';
  return `in the next ${daysLeft} days`;
}

/**
 * One line for everything in the digest: "3 certificates and 1 API key expire in the next 7
 * days"; endpoint problems, then expired ones first: "1 certificate has an endpoint problem;
 * 1 password has expired; 2 API keys expire by tomorrow".
 */
export function digestSummary(rows: readonly DigestRow[]): string {
  return summaryOf(rows.map((row) => row.notice));
}

/** What the summary line says of a row. */
export type SummaryNotice = Pick<
  AlertNotice,
  'type' | 'category' | 'daysLeft' | 'endpointProblem' | 'certificateSeen' | 'renewalOverdue'
>;

/** The summary line of rows known by what it says of them (the scan's, before the worker's rows). */
export function summaryOf(notices: readonly SummaryNotice[]): string {
  const problems = notices.filter((notice) => notice.endpointProblem);
  const seen = notices.filter((notice) => notice.certificateSeen);
  const overdue = notices.filter((notice) => notice.renewalOverdue);
  const expiries = notices.filter(
    (notice) => !notice.certificateSeen && !notice.endpointProblem && !notice.renewalOverdue,
  );
  const expired = expiries.filter((notice) => notice.daysLeft < 0);
  const upcoming = expiries.filter((notice) => notice.daysLeft >= 0);
  const parts: string[] = [];
  if (problems.length > 0) {
    const verb = problems.length === 1 ? 'has an endpoint problem' : 'have endpoint problems';
    parts.push(`${countInWords(problems)} ${verb}`);
  }
  if (seen.length > 0) {
    const noun = seen.length === 1 ? 'new certificate was' : 'new certificates were';
    parts.push(`${seen.length} ${noun} seen for your domains`);
  }
  if (overdue.length > 0) {
    const verb = overdue.length === 1 ? 'is' : 'are';
    parts.push(`${countInWords(overdue)} ${verb} overdue for renewal`);
  }
  if (expired.length > 0) {
    parts.push(`${countInWords(expired)} ${expired.length === 1 ? 'has' : 'have'} expired`);
  }
  if (upcoming.length > 0) {
    const horizon = Math.max(...upcoming.map((notice) => notice.daysLeft));
    const verb = upcoming.length === 1 ? 'expires' : 'expire';
    parts.push(`${countInWords(upcoming)} ${verb} ${horizonInWords(horizon)}`);
  }
  return parts.join('; ');
}

/** " (part 2 of 6)", after the subject. */
export function partSuffix(part: DigestPartInfo): string {
  return ` (part ${part.number} of ${part.of})`;
}

/** The line under the summary of a part: which part, of how many alerts, in what order. */
export function partNote(part: DigestPartInfo): string {
  return `This is part ${part.number} of ${part.of} of today's alerts: ${part.alerts} in all, too many for one email, so they come in ${part.of} emails, the most urgent first.`;
}

/** How a reason reads in the email. */
export function reasonInWords(reason: RecipientReason, workspaceName: string): string {
  if (reason.kind === 'contact_group') {
    return `You are in the contact group ${reason.groupName} of ${workspaceName}.`;
  }
  if (reason.kind === 'token_owner') {
    return `You are the owner of these tokens in ${workspaceName}.`;
  }
  if (reason.kind === 'escalation') {
    const { groupName, fromGroupName, delayHours } = reason;
    const after =
      delayHours === null ? 'after' : `${delayHours} ${delayHours === 1 ? 'hour' : 'hours'} after`;
    return groupName && fromGroupName
      ? `Escalated: you are in the contact group ${groupName} of ${workspaceName}, which gets the alerts of ${fromGroupName} once more when a token is still not renewed ${after} its last alert.`
      : `Escalated: these tokens of ${workspaceName} are still not renewed ${after} their last alert.`;
  }
  return `No contact group is set for these tokens in ${workspaceName}, so they go to the workspace owner (you).`;
}

/** What marks an escalated row: the token is still not renewed after its last alert. */
export const ESCALATION_NOTE = 'Escalated: still not renewed after its last alert';

/** What marks a "renewal overdue" row: the token renews itself and did not, by its grace point. */
export const RENEWAL_OVERDUE_NOTE = 'Renewal overdue: it renews automatically but was not renewed';

/** Why a section's rows offer fewer actions, each once (in the place of their links). */
export function sectionActionsWithheld(section: DigestSection): string[] {
  return [...new Set(section.rows.flatMap((row) => row.actionsWithheld ?? []))];
}

/** The reasons of a section's rows, each once. */
export function sectionReasons(section: DigestSection): string[] {
  return [...new Set(section.rows.map((row) => reasonInWords(row.reason, section.workspaceName)))];
}

export type DaysLeftTone = 'expired' | 'critical' | 'warning' | 'ok';

/** The status colour of days left, as the dashboard's expiry badge: under 7 critical, under 30 warning. */
export function daysLeftTone(daysLeft: number): DaysLeftTone {
  if (daysLeft < 0) return 'expired';
  if (daysLeft < CRITICAL_DAYS) return 'critical';
  if (daysLeft < WARNING_DAYS) return 'warning';
  return 'ok';
}

/** "Expired 3 days ago", "Expired yesterday", "Expires today", "1 day left", "7 days left". */
export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft < -1) return `Expired ${-daysLeft} days ago`;
  if (daysLeft === -1) return 'Expired yesterday';
  if (daysLeft === 0) return 'Expires today';
  return daysLeft === 1 ? '1 day left' : `${daysLeft} days left`;
}
