/**
 * The alert email: one digest to one address. The HTML part is rendered with React Email
 * (alert-email-layout.ts); the plain-text part says the same, in the same order, with every
 * link. A single alert's subject names its token (one capped line); a digest's subject is its
 * summary; a part of a digest too long for one email says which part it is. The List-Unsubscribe headers give mail clients the one-click link (RFC 8058).
 */
import { render } from '@react-email/render';
import { describeDaysLeft } from '@expiry-radar/shared/domain/days-left';
import type { AlertNotice } from './alert-channels';
import {
  daysLeftLabel,
  digestSections,
  digestSummary,
  partNote,
  partSuffix,
  sectionActionsWithheld,
  sectionReasons,
  type AlertDigest,
  type DigestRow,
} from './alert-digest';
import {
  categoryLabel,
  digestEmailDocument,
  lineOfRow,
  PRODUCT_NAME,
  typeLabel,
  type TokenLine,
} from './alert-email-layout';
import { subjectText } from './email-text';
import type { EmailMessage } from './mailer';

/** A token name in the subject, before what it says of the expiry. */
export const TOKEN_NAME_IN_SUBJECT_MAX_LENGTH = 80;

export function alertEmailSubject(notice: AlertNotice): string {
  const name = subjectText(notice.tokenName, TOKEN_NAME_IN_SUBJECT_MAX_LENGTH);
  if (notice.endpointProblem) return subjectText(`${name}: ${notice.endpointProblem}`, 200);
  if (notice.certificateSeen) return subjectText(`${name}: ${notice.certificateSeen}`, 200);
  if (notice.renewalOverdue) return `Renewal overdue: ${name} ${describeDaysLeft(notice.daysLeft)}`;
  return `${notice.escalation ? 'Escalation: ' : ''}${name} ${describeDaysLeft(notice.daysLeft)}`;
}

/**
 * A single alert's subject names its token, a digest's is its summary line; a part of a digest
 * too long for one email says which part it is, the first with the whole digest's summary.
 */
export function digestSubject(digest: Pick<AlertDigest, 'rows' | 'part'>): string {
  const [only] = digest.rows;
  const own =
    digest.rows.length === 1 && only ? alertEmailSubject(only.notice) : digestSummary(digest.rows);
  if (!digest.part) return own;
  return `${digest.part.summary ?? own}${partSuffix(digest.part)}`;
}

/** A token line in the plain-text part: what the HTML table says of it, with its links. */
export function tokenLineText(line: TokenLine): string[] {
  return [
    `${line.tokenName} ${describeDaysLeft(line.daysLeft)}`,
    `  ${typeLabel(line)} · ${categoryLabel(line)}`,
    ...(line.note ? [`  ${line.note}`] : []),
    ...line.identifiers.map(({ label, value }) => `  ${label}: ${value}`),
    `  Expires: ${line.expiresAt.slice(0, 10)} (${daysLeftLabel(line.daysLeft)})`,
    `  Open ${line.tokenName}: ${line.openUrl}`,
    ...(line.renewalUrl ? [`  Renew at the vendor: ${line.renewalUrl}`] : []),
    ...(line.actions ?? []).map(({ label, url }) => `  ${label}: ${url}`),
  ];
}

function rowText(row: DigestRow): string[] {
  return tokenLineText(lineOfRow(row));
}

export function digestText(digest: AlertDigest): string {
  const lines = [PRODUCT_NAME, '', `${digestSummary(digest.rows)}.`];
  if (digest.part) lines.push('', partNote(digest.part));
  for (const section of digestSections(digest.rows)) {
    const links = digest.workspaceLinks.get(section.workspaceId);
    lines.push('', section.workspaceName, '-'.repeat(Math.min(60, section.workspaceName.length)));
    for (const row of section.rows) lines.push('', ...rowText(row));
    const withheld = sectionActionsWithheld(section);
    if (withheld.length > 0) lines.push('', ...withheld);
    lines.push('', ...sectionReasons(section));
    if (links) {
      lines.push(
        `Alert preferences: ${links.preferencesUrl}`,
        `Stop these emails for ${section.workspaceName}: ${links.unsubscribeUrl}`,
      );
    }
  }
  lines.push(
    '',
    `${PRODUCT_NAME} alerts for ${digest.to} · Stop all these emails: ${digest.unsubscribePageUrl}`,
  );
  return lines.join('\n');
}

export async function renderDigestEmail(digest: AlertDigest): Promise<EmailMessage> {
  return {
    to: digest.to,
    subject: digestSubject(digest),
    text: digestText(digest),
    html: await render(digestEmailDocument(digest)),
    headers: {
      'List-Unsubscribe': `<${digest.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
