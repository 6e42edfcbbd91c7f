/**
 * The alert email: the same facts in the text and the HTML part. The token's name is one capped
 * line in the subject; every name is escaped in the HTML.
 */
import {
  CATEGORY_DEFINITIONS,
  TYPE_LABELS,
  type TokenType,
} from '@expiry-radar/shared/domain/categories';
import { describeDaysLeft } from '@expiry-radar/shared/domain/days-left';
import type { AlertNotice } from './alert-channels';
import { escapeHtml, subjectText } from './email-text';
import type { EmailMessage } from './mailer';

/** A token name in the subject, before what it says of the expiry. */
export const TOKEN_NAME_IN_SUBJECT_MAX_LENGTH = 80;

export function alertEmailSubject(notice: AlertNotice): string {
  const name = subjectText(notice.tokenName, TOKEN_NAME_IN_SUBJECT_MAX_LENGTH);
  return `${name} ${describeDaysLeft(notice.daysLeft)}`;
}

export function renderAlertEmail(notice: AlertNotice, to: string): EmailMessage {
  const category = CATEGORY_DEFINITIONS[notice.category]?.label ?? notice.category;
  const type = TYPE_LABELS[notice.type as TokenType] ?? notice.type;
  const expiryDate = notice.expiresAt.slice(0, 10);
  const facts: [string, string][] = [
    ['Token', notice.tokenName],
    ['Category', category],
    ['Type', type],
    ['Expiry date', expiryDate],
    ['Days left', String(notice.daysLeft)],
    ['Workspace', notice.workspaceName],
  ];
  const subject = alertEmailSubject(notice);
  const text = [
    `${notice.tokenName} ${describeDaysLeft(notice.daysLeft)} (${expiryDate}).`,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ...(notice.renewalUrl ? ['', `Renew: ${notice.renewalUrl}`] : []),
    '',
    `Open the dashboard: ${notice.dashboardUrl}`,
    '',
    'You receive this because you are a contact for this token in Expiry Radar.',
  ].join('\n');
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:Montserrat,Arial,sans-serif">',
    `<h1 style="font-size:20px">${escapeHtml(notice.tokenName)} ${escapeHtml(
      describeDaysLeft(notice.daysLeft),
    )}</h1>`,
    `<table role="presentation">${rows}</table>`,
    notice.renewalUrl
      ? `<p><a href="${escapeHtml(notice.renewalUrl)}">Renew ${escapeHtml(notice.tokenName)}</a></p>`
      : '',
    `<p><a href="${escapeHtml(notice.dashboardUrl)}">Open the dashboard</a></p>`,
    '<p style="color:#666;font-size:12px">You receive this because you are a contact for this ',
    'token in Expiry Radar.</p>',
    '</body></html>',
  ].join('');
  return { to, subject, text, html };
}
