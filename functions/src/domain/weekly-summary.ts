/**
 * A weekly summary: one email to one user listing, per workspace they belong to, what expires in
 * the next WEEKLY_SUMMARY_HORIZON_DAYS days (and what expired since the last summary, still not
 * renewed), most urgent first, and what was renewed in the last WEEKLY_SUMMARY_RENEWED_DAYS days.
 * Its layout is weekly-summary-email.ts.
 */
import type { TokenLine } from './alert-email-layout';
import { countInWords } from './alert-digest';

export interface RenewedToken {
  readonly key: string;
  readonly tokenName: string;
  /** ISO dates or instants. */
  readonly previousExpiresAt: string | null;
  readonly expiresAt: string | null;
  /** ISO instant. */
  readonly renewedAt: string;
  readonly openUrl: string;
}

export interface SummaryWorkspace {
  readonly workspaceId: string;
  readonly workspaceName: string;
  /** Every token expiring in the horizon (or expired in the last days), most urgent first. */
  readonly expiring: readonly TokenLine[];
  /** Newest first. */
  readonly renewed: readonly RenewedToken[];
  /** The workspace's dashboard, for what the email leaves out. */
  readonly dashboardUrl: string;
}

export interface WeeklySummary {
  readonly to: string;
  readonly horizonDays: number;
  readonly workspaces: readonly SummaryWorkspace[];
  /** Account settings, where the summary is turned on or off. */
  readonly settingsUrl: string;
  /** The page that asks before it stops the summary. */
  readonly unsubscribePageUrl: string;
  /** The List-Unsubscribe header's one-click address. */
  readonly unsubscribeUrl: string;
}

/** Rows of one workspace the email lists; the rest are counted, with a link to the dashboard. */
export const SUMMARY_MAX_ROWS_PER_WORKSPACE = 25;

/** Tokens by days left, then by name. */
export function byUrgency(a: TokenLine, b: TokenLine): number {
  return a.daysLeft - b.daysLeft || a.tokenName.localeCompare(b.tokenName);
}

/**
 * One line for the whole summary: "1 password has expired; 3 certificates and 2 API keys expire in
 * the next 30 days; 1 token was renewed last week", or "Nothing expires in the next 30 days".
 */
export function weeklySummaryLine(
  summary: Pick<WeeklySummary, 'workspaces' | 'horizonDays'>,
): string {
  const expiring = summary.workspaces.flatMap((workspace) => workspace.expiring);
  const renewed = summary.workspaces.reduce((sum, workspace) => sum + workspace.renewed.length, 0);
  const expired = expiring.filter((line) => line.daysLeft < 0);
  const upcoming = expiring.filter((line) => line.daysLeft >= 0);
  const horizon = `in the next ${summary.horizonDays} days`;
  const parts: string[] = [];
  if (expired.length > 0) {
    parts.push(`${countInWords(expired)} ${expired.length === 1 ? 'has' : 'have'} expired`);
  }
  if (upcoming.length > 0) {
    const verb = upcoming.length === 1 ? 'expires' : 'expire';
    parts.push(`${countInWords(upcoming)} ${verb} ${horizon}`);
  }
  if (parts.length === 0) parts.push(`Nothing expires ${horizon}`);
  if (renewed > 0) {
    parts.push(`${renewed} ${renewed === 1 ? 'token was' : 'tokens were'} renewed last week`);
  }
  return parts.join('; ');
}

export function weeklySummarySubject(
  summary: Pick<WeeklySummary, 'workspaces' | 'horizonDays'>,
): string {
  return `Weekly summary: ${weeklySummaryLine(summary)}`;
}

/** "renewed until 2031-01-10 (was 2030-01-12)". */
export function renewalInWords(renewed: RenewedToken): string {
  const until = renewed.expiresAt ? ` until ${renewed.expiresAt.slice(0, 10)}` : '';
  const was = renewed.previousExpiresAt ? ` (was ${renewed.previousExpiresAt.slice(0, 10)})` : '';
  return `renewed${until}${was} on ${renewed.renewedAt.slice(0, 10)}`;
}
