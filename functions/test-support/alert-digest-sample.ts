/**
 * A digest as a recipient of two workspaces gets it: certificates, keys and a license, one
 * expired, with renewal links, a contact group and the owner fallback. The email tests and the
 * email screenshots (test/e2e) render it.
 */
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import type { AlertNotice } from '../src/domain/alert-channels';
import type { AlertDigest, DigestRow } from '../src/domain/alert-digest';

const ORIGIN = 'https://app.expiry-radar.example';
/** The day the sample digest is sent. */
const SENT_ON = new Date('2030-01-10T08:00:00.000Z');

function row(
  fields: Partial<AlertNotice> & Pick<AlertNotice, 'tokenName' | 'daysLeft'>,
  extra: Partial<DigestRow> = {},
): DigestRow {
  const workspaceId = fields.workspaceId ?? 'ws-platform';
  const tokenId = `${workspaceId}.${fields.tokenName.toLowerCase().replace(/\W+/g, '-')}`;
  return {
    notice: {
      alertId: `${tokenId}~2030-01-01~7`,
      workspaceId,
      workspaceName: 'Platform',
      tokenId,
      category: 'key_secret',
      type: 'api_key',
      expiresAt: addCalendarDays(SENT_ON, fields.daysLeft),
      threshold: 7,
      renewalUrl: null,
      dashboardUrl: `${ORIGIN}/dashboard?workspace=${workspaceId}&token=${tokenId}`,
      actions: ACTIONS.map(([id, label]) => ({
        id,
        label,
        url: `${ORIGIN}/alert-action?token=a1.sample-${id}-${tokenId}`,
      })),
      ...fields,
    },
    identifiers: [],
    reason: { kind: 'contact_group', groupName: 'Platform on-call' },
    ...extra,
  };
}

/** Each row's actions, as signed links to their confirmation pages. */
const ACTIONS = [
  ['acknowledge', 'Acknowledge'],
  ['snooze_1d', 'Snooze 1 day'],
  ['snooze_7d', 'Snooze 7 days'],
  ['snooze', 'Snooze until a date'],
  ['renewed', 'Renewed'],
] as const;

const payments = { workspaceId: 'ws-payments', workspaceName: 'Payments & Billing' };

export function sampleDigest(): AlertDigest {
  const rows: DigestRow[] = [
    row(
      { tokenName: 'api.example.com', category: 'cert', type: 'tls_cert', daysLeft: 3 },
      {
        identifiers: [
          { label: 'Domains', value: 'api.example.com, www.example.com' },
          { label: 'Issuer', value: "Let's Encrypt R11" },
        ],
      },
    ),
    row(
      { tokenName: 'Stripe secret key', daysLeft: 6, renewalUrl: 'https://dashboard.stripe.com' },
      {
        identifiers: [
          { label: 'Location', value: 'AWS Secrets Manager' },
          { label: 'Used by', value: 'checkout-service' },
        ],
      },
    ),
    row(
      { tokenName: 'Deploy SSH key', type: 'ssh_key', daysLeft: -2 },
      { identifiers: [{ label: 'Location', value: 'GitHub Actions' }] },
    ),
    row(
      {
        ...payments,
        tokenName: 'Tax engine license',
        category: 'license',
        type: 'software_license',
        daysLeft: 14,
        renewalUrl: 'https://vendor.example/renew',
      },
      { identifiers: [{ label: 'Vendor', value: 'Avalara' }], reason: { kind: 'workspace_owner' } },
    ),
    row(
      {
        ...payments,
        tokenName: 'billing.example.com',
        category: 'cert',
        type: 'ssl_cert',
        daysLeft: 0,
      },
      {
        identifiers: [{ label: 'Domains', value: 'billing.example.com' }],
        reason: { kind: 'workspace_owner' },
      },
    ),
  ];
  const links = (workspaceId: string) => ({
    preferencesUrl: `${ORIGIN}/preferences?workspace=${workspaceId}`,
    unsubscribeUrl: `${ORIGIN}/unsubscribe?token=v1.sample-${workspaceId}`,
  });
  return {
    to: 'ada@example.com',
    rows,
    workspaceLinks: new Map([
      ['ws-platform', links('ws-platform')],
      ['ws-payments', links('ws-payments')],
    ]),
    unsubscribePageUrl: `${ORIGIN}/unsubscribe?token=v1.sample-all`,
    unsubscribeUrl: `${ORIGIN}/api/alert-emails/unsubscribe?token=v1.sample-all`,
  };
}
