/**
 * The HTML of the product's emails, built with React Email's components (tables and inline styles
 * that mail clients render), and of the alert digest with them: the product header, the summary
 * line, per workspace a table of its tokens (name and type, the fields that identify it, expiry
 * date and days left in the status colour) with a button to open each token and its renewal link,
 * why the address gets them and the links to the alert preferences and to stop these emails.
 * Light by default; clients that honour `prefers-color-scheme` get the dark palette; under 480 px
 * the table's cells stack. The weekly summary (weekly-summary-email.ts) uses the same parts.
 */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import {
  CATEGORY_DEFINITIONS,
  TYPE_LABELS,
  type Category,
  type TokenType,
} from '@expiry-radar/shared/domain/categories';
import {
  daysLeftLabel,
  daysLeftTone,
  digestSections,
  digestSummary,
  partNote,
  ESCALATION_NOTE,
  RENEWAL_OVERDUE_NOTE,
  sectionActionsWithheld,
  sectionReasons,
  type AlertDigest,
  type DaysLeftTone,
  type DigestRow,
  type DigestSection,
  type IdentifyingField,
} from './alert-digest';
import type { AlertActionLinkView } from './alert-channels';

export const PRODUCT_NAME = 'Expiry Radar';

const LIGHT = {
  page: '#f1f5f9',
  card: '#ffffff',
  text: '#0f172a',
  muted: '#475569',
  line: '#e2e8f0',
  primary: '#1d4ed8',
  header: '#1d4ed8',
};

const TONES: Record<DaysLeftTone, { light: [string, string]; dark: [string, string] }> = {
  expired: { light: ['#991b1b', '#fee2e2'], dark: ['#fecaca', '#7f1d1d'] },
  critical: { light: ['#b91c1c', '#fee2e2'], dark: ['#fecaca', '#7f1d1d'] },
  warning: { light: ['#92400e', '#fef3c7'], dark: ['#fde68a', '#78350f'] },
  ok: { light: ['#166534', '#dcfce7'], dark: ['#bbf7d0', '#14532d'] },
};

/** Dark palette and the narrow layout: class rules that override the inline light styles. */
const STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .er-page, .er-page > table > tbody > tr > td {
    background-color: #0f172a !important; color: #f1f5f9 !important;
  }
  .er-card { background-color: #1e293b !important; border-color: #334155 !important; }
  .er-header { background-color: #1e3a8a !important; }
  .er-text { color: #f1f5f9 !important; }
  .er-muted { color: #94a3b8 !important; }
  .er-line { border-color: #334155 !important; }
  .er-link { color: #93c5fd !important; }
  .er-button { background-color: #60a5fa !important; color: #0f172a !important; }
  .er-escalation { color: ${TONES.critical.dark[0]} !important; }
${(Object.keys(TONES) as DaysLeftTone[])
  .map(
    (tone) =>
      `  .er-tone-${tone} { color: ${TONES[tone].dark[0]} !important; background-color: ${TONES[tone].dark[1]} !important; }`,
  )
  .join('\n')}
}
@media (max-width: 480px) {
  .er-container { width: 100% !important; }
  .er-cell { display: block !important; width: auto !important; padding: 2px 16px !important; }
  .er-cell-first { padding-top: 12px !important; }
  .er-cell-rest { border-top: 0 !important; }
  .er-head { display: none !important; }
}
`;

const font = 'Montserrat, "Segoe UI", Helvetica, Arial, sans-serif';
const text: CSSProperties = { color: LIGHT.text, fontSize: '14px', lineHeight: '20px', margin: 0 };
const muted: CSSProperties = { ...text, color: LIGHT.muted, fontSize: '13px' };
const cell: CSSProperties = {
  padding: '12px 16px 4px',
  verticalAlign: 'top',
  textAlign: 'left',
};
const link: CSSProperties = { color: LIGHT.primary, textDecoration: 'underline' };

/** One token in an email's table: what identifies it, its expiry, and where to act. */
export interface TokenLine {
  /** Unique within the email (React's key). */
  readonly key: string;
  readonly tokenName: string;
  readonly type: string;
  readonly category: Category;
  readonly identifiers: readonly IdentifyingField[];
  /** ISO date or instant. */
  readonly expiresAt: string;
  readonly daysLeft: number;
  /** The token's details on the dashboard. */
  readonly openUrl: string;
  readonly renewalUrl: string | null;
  /** A line under its name in the critical colour ("Escalated: …"). */
  readonly note?: string;
  /** The alert's actions (acknowledge, snooze, renewed) as signed links. */
  readonly actions?: readonly AlertActionLinkView[];
}

/** A digest row as a token line. */
export function lineOfRow({ notice, identifiers }: DigestRow): TokenLine {
  return {
    key: notice.alertId,
    tokenName: notice.tokenName,
    type: notice.type,
    category: notice.category,
    identifiers,
    expiresAt: notice.expiresAt,
    daysLeft: notice.daysLeft,
    openUrl: notice.dashboardUrl,
    renewalUrl: notice.renewalUrl,
    ...(notice.actions?.length ? { actions: notice.actions } : {}),
    ...(notice.escalation ? { note: ESCALATION_NOTE } : {}),
    ...(notice.renewalOverdue ? { note: RENEWAL_OVERDUE_NOTE } : {}),
    ...(notice.endpointProblem ? { note: notice.endpointProblem } : {}),
    ...(notice.certificateSeen ? { note: notice.certificateSeen } : {}),
  };
}

export function typeLabel(line: Pick<TokenLine, 'type'>): string {
  return TYPE_LABELS[line.type as TokenType] ?? line.type;
}

export function categoryLabel(line: Pick<TokenLine, 'category'>): string {
  return CATEGORY_DEFINITIONS[line.category]?.label ?? line.category;
}

function pill(daysLeft: number): ReactElement {
  const tone = daysLeftTone(daysLeft);
  const [color, background] = TONES[tone].light;
  return h(
    'span',
    {
      className: `er-tone-${tone}`,
      style: {
        display: 'inline-block',
        padding: '2px 8px',
        borderRadius: '10px',
        fontSize: '12px',
        fontWeight: 600,
        lineHeight: '18px',
        color,
        backgroundColor: background,
      },
    },
    daysLeftLabel(daysLeft),
  );
}

function tokenRows(line: TokenLine, index: number): ReactElement[] {
  const details = line.identifiers.map(({ label, value }) =>
    h(
      'div',
      { key: label },
      h('span', { className: 'er-muted', style: muted }, `${label}: `),
      value,
    ),
  );
  const border: CSSProperties = index === 0 ? {} : { borderTop: `1px solid ${LIGHT.line}` };
  return [
    h(
      'tr',
      { key: `${line.key}-facts` },
      h(
        'td',
        { className: 'er-cell er-cell-first er-line', style: { ...cell, ...border, width: '40%' } },
        h('div', { className: 'er-text', style: { ...text, fontWeight: 700 } }, line.tokenName),
        h(
          'div',
          { className: 'er-muted', style: muted },
          `${typeLabel(line)} · ${categoryLabel(line)}`,
        ),
        line.note
          ? h(
              'div',
              {
                className: 'er-escalation',
                style: { ...muted, color: TONES.critical.light[0], fontWeight: 600 },
              },
              line.note,
            )
          : null,
      ),
      h(
        'td',
        {
          className: 'er-cell er-cell-rest er-text er-line',
          style: { ...cell, ...border, ...text, width: '35%' },
        },
        details.length > 0 ? details : h('span', { className: 'er-muted', style: muted }, '—'),
      ),
      h(
        'td',
        { className: 'er-cell er-cell-rest er-line', style: { ...cell, ...border, width: '25%' } },
        h('div', { className: 'er-text', style: text }, line.expiresAt.slice(0, 10)),
        pill(line.daysLeft),
      ),
    ),
    h(
      'tr',
      { key: `${line.key}-actions` },
      h(
        'td',
        { className: 'er-cell', colSpan: 3, style: { ...cell, padding: '8px 16px 12px' } },
        h(
          Button,
          {
            href: line.openUrl,
            className: 'er-button',
            style: {
              backgroundColor: LIGHT.primary,
              color: '#ffffff',
              borderRadius: '6px',
              fontSize: '13px',
              fontWeight: 600,
              padding: '8px 14px',
            },
          },
          `Open ${line.tokenName}`,
        ),
        line.renewalUrl
          ? h(
              Link,
              {
                href: line.renewalUrl,
                className: 'er-link',
                style: { ...link, fontSize: '13px', marginLeft: '12px' },
              },
              'Renew at the vendor',
            )
          : null,
        line.actions?.length ? actionLinks(line.actions) : null,
      ),
    ),
  ];
}

/** "Acknowledge · Snooze 1 day · …": the alert's actions, each opening its confirmation page. */
function actionLinks(actions: readonly AlertActionLinkView[]): ReactElement {
  return h(
    'div',
    { className: 'er-muted er-actions', style: { ...muted, marginTop: '8px' } },
    ...actions.flatMap((action, index) => [
      index > 0 ? ' · ' : null,
      h(
        Link,
        {
          key: action.id,
          href: action.url,
          className: 'er-link',
          style: { ...link, fontSize: '13px' },
        },
        action.label,
      ),
    ]),
  );
}

/** A table of tokens: name and type, what identifies each, expiry and days left, its actions. */
export function tokenTable(lines: readonly TokenLine[]): ReactElement {
  const head = (label: string, width: string) =>
    h(
      'th',
      {
        className: 'er-head er-muted',
        style: { ...muted, ...cell, padding: '8px 16px 0', fontWeight: 600, width },
      },
      label,
    );
  return h(
    'table',
    { width: '100%', cellPadding: 0, cellSpacing: 0, role: 'presentation' },
    h(
      'thead',
      null,
      h('tr', null, head('Token', '40%'), head('Identifies it', '35%'), head('Expires', '25%')),
    ),
    h('tbody', null, ...lines.flatMap(tokenRows)),
  );
}

/** Why the table's rows offer fewer actions: under the table, where its links would be. */
function withheldActionsNote(line: string): ReactElement {
  return h(
    Text,
    {
      key: line,
      className: 'er-muted er-actions-withheld',
      style: { ...muted, margin: 0, padding: '0 16px 8px' },
    },
    line,
  );
}

/** A muted paragraph under a card's table. */
export function noteText(key: string, content: ReactNode): ReactElement {
  return h(Text, { key, className: 'er-muted', style: { ...muted, margin: '0 0 6px' } }, content);
}

/** A small heading inside a card. */
export function cardSubheading(content: string): ReactElement {
  return h(
    Heading,
    {
      as: 'h3',
      className: 'er-text',
      style: { ...text, fontSize: '14px', fontWeight: 700, padding: '12px 16px 0' },
    },
    content,
  );
}

export function emailLink(href: string, label: string): ReactElement {
  return h(Link, { href, className: 'er-link', style: link }, label);
}

/** One workspace's card: its name, then `children`, then the footer lines. */
export function workspaceCard(options: {
  key: string;
  title: string;
  children: readonly (ReactElement | null)[];
  footer: readonly (ReactElement | null)[];
}): ReactElement {
  return h(
    Section,
    {
      key: options.key,
      className: 'er-card',
      style: {
        backgroundColor: LIGHT.card,
        border: `1px solid ${LIGHT.line}`,
        borderRadius: '8px',
        margin: '0 0 16px',
      },
    },
    h(
      Heading,
      {
        as: 'h2',
        className: 'er-text',
        style: { ...text, fontSize: '16px', fontWeight: 700, padding: '16px 16px 0' },
      },
      options.title,
    ),
    ...options.children,
    h('div', { style: { padding: '4px 16px 16px' } }, ...options.footer),
  );
}

function sectionOf(section: DigestSection, digest: AlertDigest): ReactElement {
  const links = digest.workspaceLinks.get(section.workspaceId);
  return workspaceCard({
    key: section.workspaceId,
    title: section.workspaceName,
    children: [
      tokenTable(section.rows.map(lineOfRow)),
      ...sectionActionsWithheld(section).map((line) => withheldActionsNote(line)),
    ],
    footer: [
      ...sectionReasons(section).map((reason) => noteText(reason, reason)),
      links
        ? h(
            Text,
            { className: 'er-muted', style: { ...muted, margin: 0 } },
            emailLink(links.preferencesUrl, 'Alert preferences'),
            ' · ',
            emailLink(links.unsubscribeUrl, `Stop these emails for ${section.workspaceName}`),
          )
        : null,
    ],
  });
}

/**
 * An email of the product: the header, a heading line, the cards, and a centred footer line; light
 * by default, dark where the client follows the system, stacked under 480 px.
 */
export function emailDocument(options: {
  /** The heading, also the inbox preview. */
  heading: string;
  /** A line under the heading. */
  note?: string;
  cards: readonly ReactElement[];
  footer: readonly ReactNode[];
}): ReactElement {
  return h(
    Html,
    { lang: 'en' },
    h(
      Head,
      null,
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('style', null, STYLE),
    ),
    h(Preview, null, options.heading),
    h(
      Body,
      {
        className: 'er-page',
        style: { backgroundColor: LIGHT.page, fontFamily: font, margin: 0, padding: '24px 0' },
      },
      h(
        Container,
        {
          className: 'er-container',
          style: { maxWidth: '600px', width: '100%', padding: '0 8px' },
        },
        h(
          Section,
          {
            className: 'er-header',
            style: { backgroundColor: LIGHT.header, borderRadius: '8px', margin: '0 0 16px' },
          },
          h(
            Text,
            {
              style: {
                color: '#ffffff',
                fontSize: '18px',
                fontWeight: 700,
                margin: 0,
                padding: '14px 16px',
              },
            },
            PRODUCT_NAME,
          ),
        ),
        h(
          Heading,
          {
            as: 'h1',
            className: 'er-text',
            style: { ...text, fontSize: '20px', lineHeight: '28px', margin: '0 0 16px' },
          },
          options.heading,
        ),
        ...(options.note
          ? [
              h(
                Text,
                { className: 'er-text', style: { ...text, margin: '0 0 16px' } },
                options.note,
              ),
            ]
          : []),
        ...options.cards,
        h(Hr, { className: 'er-line', style: { borderColor: LIGHT.line, margin: '8px 0 12px' } }),
        h(
          Text,
          { className: 'er-muted', style: { ...muted, textAlign: 'center' } },
          ...options.footer,
        ),
      ),
    ),
  );
}

export function digestEmailDocument(digest: AlertDigest): ReactElement {
  return emailDocument({
    heading: digestSummary(digest.rows),
    ...(digest.part ? { note: partNote(digest.part) } : {}),
    cards: digestSections(digest.rows).map((section) => sectionOf(section, digest)),
    footer: [
      `${PRODUCT_NAME} alerts for ${digest.to} · `,
      emailLink(digest.unsubscribePageUrl, 'Stop all these emails'),
    ],
  });
}
