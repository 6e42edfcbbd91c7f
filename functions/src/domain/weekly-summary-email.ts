/**
 * The weekly summary email, with the alert email's parts (alert-email-layout.ts): the summary
 * line, per workspace a table of what expires soon (at most SUMMARY_MAX_ROWS_PER_WORKSPACE rows,
 * the rest counted with a link to the dashboard) and the list of what was renewed last week; then
 * the links to the account settings and to stop the summary. The plain-text part says the same,
 * in the same order, with every link; the List-Unsubscribe headers give the one-click link.
 */
import { render } from '@react-email/render';
import { createElement as h, type ReactElement } from 'react';
import { tokenLineText } from './alert-email';
import {
  cardSubheading,
  emailDocument,
  emailLink,
  noteText,
  PRODUCT_NAME,
  tokenTable,
  workspaceCard,
} from './alert-email-layout';
import type { EmailMessage } from './mailer';
import {
  byUrgency,
  renewalInWords,
  SUMMARY_MAX_ROWS_PER_WORKSPACE,
  weeklySummarySubject,
  type SummaryWorkspace,
  type WeeklySummary,
} from './weekly-summary';

function listed(workspace: SummaryWorkspace) {
  const sorted = [...workspace.expiring].sort(byUrgency);
  return {
    shown: sorted.slice(0, SUMMARY_MAX_ROWS_PER_WORKSPACE),
    more: Math.max(0, sorted.length - SUMMARY_MAX_ROWS_PER_WORKSPACE),
  };
}

function expiringHeading(summary: WeeklySummary): string {
  return `Expiring in the next ${summary.horizonDays} days`;
}

function moreText(more: number): string {
  return `${more} more ${more === 1 ? 'token' : 'tokens'} expire soon: see them on the dashboard`;
}

function workspaceText(workspace: SummaryWorkspace, summary: WeeklySummary): string[] {
  const { shown, more } = listed(workspace);
  const lines = [
    '',
    workspace.workspaceName,
    '-'.repeat(Math.min(60, workspace.workspaceName.length)),
    '',
    `${expiringHeading(summary)}:`,
  ];
  if (shown.length === 0) lines.push('Nothing.');
  for (const line of shown) lines.push('', ...tokenLineText(line));
  if (more > 0) lines.push('', `${moreText(more)}: ${workspace.dashboardUrl}`);
  lines.push('', 'Renewed last week:');
  if (workspace.renewed.length === 0) lines.push('Nothing.');
  for (const renewed of workspace.renewed) {
    lines.push(`  ${renewed.tokenName}: ${renewalInWords(renewed)} · ${renewed.openUrl}`);
  }
  return lines;
}

export function weeklySummaryText(summary: WeeklySummary): string {
  return [
    PRODUCT_NAME,
    '',
    `${weeklySummarySubject(summary)}.`,
    ...summary.workspaces.flatMap((workspace) => workspaceText(workspace, summary)),
    '',
    `${PRODUCT_NAME} weekly summary for ${summary.to} · Change it in Account settings: ${summary.settingsUrl} · Stop the weekly summary: ${summary.unsubscribePageUrl}`,
  ].join('\n');
}

function workspaceCardOf(workspace: SummaryWorkspace, summary: WeeklySummary): ReactElement {
  const { shown, more } = listed(workspace);
  return workspaceCard({
    key: workspace.workspaceId,
    title: workspace.workspaceName,
    children: [
      cardSubheading(expiringHeading(summary)),
      shown.length > 0 ? tokenTable(shown) : null,
    ],
    footer: [
      shown.length === 0 ? noteText('none-expiring', 'Nothing.') : null,
      more > 0 ? noteText('more', emailLink(workspace.dashboardUrl, moreText(more))) : null,
      h('div', { key: 'renewed', style: { margin: '8px 0 0' } }),
      noteText('renewed-heading', h('strong', null, 'Renewed last week')),
      workspace.renewed.length === 0 ? noteText('none-renewed', 'Nothing.') : null,
      ...workspace.renewed.map((renewed) =>
        noteText(
          renewed.key,
          h(
            'span',
            null,
            emailLink(renewed.openUrl, renewed.tokenName),
            `: ${renewalInWords(renewed)}`,
          ),
        ),
      ),
    ],
  });
}

export function weeklySummaryDocument(summary: WeeklySummary): ReactElement {
  return emailDocument({
    heading: weeklySummarySubject(summary),
    cards: summary.workspaces.map((workspace) => workspaceCardOf(workspace, summary)),
    footer: [
      `${PRODUCT_NAME} weekly summary for ${summary.to} · `,
      emailLink(summary.settingsUrl, 'Change it in Account settings'),
      ' · ',
      emailLink(summary.unsubscribePageUrl, 'Stop the weekly summary'),
    ],
  });
}

export async function renderWeeklySummaryEmail(summary: WeeklySummary): Promise<EmailMessage> {
  return {
    to: summary.to,
    subject: weeklySummarySubject(summary),
    text: weeklySummaryText(summary),
    html: await render(weeklySummaryDocument(summary)),
    headers: {
      'List-Unsubscribe': `<${summary.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
