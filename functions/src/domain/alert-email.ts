/**
 * The alert email: one digest to one address. The HTML part is rendered with React Email
 * (alert-email-layout.ts); the plain-text part says the same, in the same order, with every
 * link. A single alert's subject names its token (one capped line); a digest's subject is its
 * summary. The List-Unsubscribe headers give mail clients the one-click link (RFC 8058).
 */
import { render } from '@react-email/render';
import { describeDaysLeft } from '@expiry-radar/shared/domain/days-left';
import { TYPE_LABELS, type TokenType } from '@expiry-radar/shared/domain/categories';
import type { AlertNotice } from './alert-channels';
import {
  daysLeftLabel,
  digestSections,
  digestSummary,
  ESCALATION_NOTE,
  sectionReasons,
  type AlertDigest,
  type DigestRow,
} from './alert-digest';
import { categoryLabel, digestEmailDocument, PRODUCT_NAME } from './alert-email-layout';
import { subjectText } from './email-text';
import type { EmailMessage } from './mailer';

/** A token name in the subject, before what it says of the expiry. */
export const TOKEN_NAME_IN_SUBJECT_MAX_LENGTH = 80;

export function alertEmailSubject(notice: AlertNotice): string {
  const name = subjectText(notice.tokenName, TOKEN_NAME_IN_SUBJECT_MAX_LENGTH);
  return `${notice.escalation ? 'Escalation: ' : ''}${name} ${describeDaysLeft(notice.daysLeft)}`;
}

export function digestSubject(digest: Pick<AlertDigest, 'rows'>): string {
  const [only] = digest.rows;
  return digest.rows.length === 1 && only
    ? alertEmailSubject(only.notice)
    : digestSummary(digest.rows);
}

function rowText(row: DigestRow): string[] {
  const { notice } = row;
  const type = TYPE_LABELS[notice.type as TokenType] ?? notice.type;
  return [
    `${notice.tokenName} ${describeDaysLeft(notice.daysLeft)}`,
    `  ${type} · ${categoryLabel(row)}`,
    ...(notice.escalation ? [`  ${ESCALATION_NOTE}`] : []),
    ...row.identifiers.map(({ label, value }) => `  ${label}: ${value}`),
    `  Expires: ${notice.expiresAt.slice(0, 10)} (${daysLeftLabel(notice.daysLeft)})`,
    `  Open ${notice.tokenName}: ${notice.dashboardUrl}`,
    ...(notice.renewalUrl ? [`  Renew at the vendor: ${notice.renewalUrl}`] : []),
  ];
}

export function digestText(digest: AlertDigest): string {
  const lines = [PRODUCT_NAME, '', `${digestSummary(digest.rows)}.`];
  for (const section of digestSections(digest.rows)) {
    const links = digest.workspaceLinks.get(section.workspaceId);
    lines.push('', section.workspaceName, '-'.repeat(Math.min(60, section.workspaceName.length)));
    for (const row of section.rows) lines.push('', ...rowText(row));
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
    `${PRODUCT_NAME} alerts for ${digest.to} · Stop all these emails: ${digest.unsubscribeUrl}`,
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
