/**
 * The alert email: one digest to one address, the same facts in the text and the HTML part. A
 * single alert's subject names its token (one capped line); a digest's subject is its summary.
 * Every name is escaped in the HTML.
 */
import {
  CATEGORY_DEFINITIONS,
  TYPE_LABELS,
  type TokenType,
} from '@expiry-radar/shared/domain/categories';
import { describeDaysLeft } from '@expiry-radar/shared/domain/days-left';
import type { AlertNotice } from './alert-channels';
import {
  digestSections,
  digestSummary,
  reasonInWords,
  type AlertDigest,
  type DigestRow,
} from './alert-digest';
import { escapeHtml, subjectText } from './email-text';
import type { EmailMessage } from './mailer';

/** A token name in the subject, before what it says of the expiry. */
export const TOKEN_NAME_IN_SUBJECT_MAX_LENGTH = 80;

export function alertEmailSubject(notice: AlertNotice): string {
  const name = subjectText(notice.tokenName, TOKEN_NAME_IN_SUBJECT_MAX_LENGTH);
  return `${name} ${describeDaysLeft(notice.daysLeft)}`;
}

export function digestSubject(digest: AlertDigest): string {
  const [only] = digest.rows;
  return digest.rows.length === 1 && only
    ? alertEmailSubject(only.notice)
    : digestSummary(digest.rows);
}

function typeLabel(notice: AlertNotice): string {
  return TYPE_LABELS[notice.type as TokenType] ?? notice.type;
}

function rowFacts(row: DigestRow): [string, string][] {
  const { notice } = row;
  return [
    ['Type', typeLabel(notice)],
    ['Category', CATEGORY_DEFINITIONS[notice.category]?.label ?? notice.category],
    ...row.identifiers.map(({ label, value }): [string, string] => [label, value]),
    ['Expiry date', notice.expiresAt.slice(0, 10)],
    ['Days left', String(notice.daysLeft)],
  ];
}

/** The reasons of a section, each said once. */
function sectionReasons(rows: readonly DigestRow[], workspaceName: string): string[] {
  return [...new Set(rows.map((row) => reasonInWords(row.reason, workspaceName)))];
}

export function renderDigestEmail(digest: AlertDigest): EmailMessage {
  const sections = digestSections(digest.rows);
  const summary = digestSummary(digest.rows);
  const text = [
    `${summary}.`,
    ...sections.flatMap((section) => [
      '',
      `Workspace: ${section.workspaceName}`,
      ...section.rows.flatMap((row) => [
        '',
        `${row.notice.tokenName} ${describeDaysLeft(row.notice.daysLeft)}`,
        ...rowFacts(row).map(([label, value]) => `  ${label}: ${value}`),
        `  Open: ${row.notice.dashboardUrl}`,
        ...(row.notice.renewalUrl ? [`  Renew: ${row.notice.renewalUrl}`] : []),
      ]),
      '',
      ...sectionReasons(section.rows, section.workspaceName),
    ]),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Montserrat,Arial,sans-serif">',
    `<h1 style="font-size:20px">${escapeHtml(summary)}</h1>`,
    ...sections.map((section) =>
      [
        `<h2 style="font-size:16px">${escapeHtml(section.workspaceName)}</h2>`,
        ...section.rows.map((row) =>
          [
            `<h3 style="font-size:14px">${escapeHtml(row.notice.tokenName)} ${escapeHtml(
              describeDaysLeft(row.notice.daysLeft),
            )}</h3>`,
            '<table role="presentation">',
            ...rowFacts(row).map(
              ([label, value]) =>
                `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
                `<td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
            ),
            '</table>',
            `<p><a href="${escapeHtml(row.notice.dashboardUrl)}">Open ${escapeHtml(row.notice.tokenName)}</a></p>`,
            row.notice.renewalUrl
              ? `<p><a href="${escapeHtml(row.notice.renewalUrl)}">Renew ${escapeHtml(row.notice.tokenName)}</a></p>`
              : '',
          ].join(''),
        ),
        ...sectionReasons(section.rows, section.workspaceName).map(
          (reason) => `<p style="color:#666;font-size:12px">${escapeHtml(reason)}</p>`,
        ),
      ].join(''),
    ),
    '</body></html>',
  ].join('');
  return { to: digest.to, subject: digestSubject(digest), text, html };
}
