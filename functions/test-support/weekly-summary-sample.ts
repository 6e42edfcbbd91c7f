/**
 * A weekly summary as a member of two workspaces gets it: certificates, keys and a license
 * expiring in the coming weeks, one expired last week, two renewals, and a workspace with nothing
 * due. The email tests and the email screenshots (test/e2e) render it.
 */
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import type { TokenLine } from '../src/domain/alert-email-layout';
import type { WeeklySummary } from '../src/domain/weekly-summary';

const ORIGIN = 'https://app.expiry-radar.example';
/** The Monday the sample summary is sent. */
const SENT_ON = new Date('2030-01-07T07:00:00.000Z');

function line(
  fields: Partial<TokenLine> & Pick<TokenLine, 'tokenName' | 'daysLeft'>,
  workspaceId = 'ws-platform',
): TokenLine {
  const tokenId = `${workspaceId}.${fields.tokenName.toLowerCase().replace(/\W+/g, '-')}`;
  return {
    key: tokenId,
    type: 'api_key',
    category: 'key_secret',
    identifiers: [],
    expiresAt: addCalendarDays(SENT_ON, fields.daysLeft),
    openUrl: `${ORIGIN}/dashboard?workspace=${workspaceId}&token=${tokenId}`,
    renewalUrl: null,
    ...fields,
  };
}

export function sampleWeeklySummary(): WeeklySummary {
  return {
    to: 'ada@example.com',
    horizonDays: 30,
    workspaces: [
      {
        workspaceId: 'ws-platform',
        workspaceName: 'Platform',
        dashboardUrl: `${ORIGIN}/dashboard?workspace=ws-platform`,
        expiring: [
          line({
            tokenName: 'api.example.com',
            category: 'cert',
            type: 'tls_cert',
            daysLeft: 12,
            identifiers: [
              { label: 'Domains', value: 'api.example.com, www.example.com' },
              { label: 'Issuer', value: "Let's Encrypt R11" },
            ],
            renewalUrl: 'https://letsencrypt.example/renew',
          }),
          line({ tokenName: 'Deploy SSH key', type: 'ssh_key', daysLeft: -3 }),
          line({
            tokenName: 'Stripe secret key',
            daysLeft: 4,
            identifiers: [{ label: 'Used by', value: 'checkout-service' }],
          }),
          line({
            tokenName: 'IDE licenses',
            category: 'license',
            type: 'software_license',
            daysLeft: 27,
            identifiers: [{ label: 'Vendor', value: 'JetBrains' }],
          }),
        ],
        renewed: [
          {
            key: 'ws-platform.grafana',
            tokenName: 'Grafana API token',
            previousExpiresAt: addCalendarDays(SENT_ON, 2),
            expiresAt: addCalendarDays(SENT_ON, 367),
            renewedAt: '2030-01-03T10:15:00.000Z',
            openUrl: `${ORIGIN}/dashboard?workspace=ws-platform&token=ws-platform.grafana`,
          },
        ],
      },
      {
        workspaceId: 'ws-payments',
        workspaceName: 'Payments & Billing',
        dashboardUrl: `${ORIGIN}/dashboard?workspace=ws-payments`,
        expiring: [],
        renewed: [
          {
            key: 'ws-payments.pay-cert',
            tokenName: 'pay.example.com',
            previousExpiresAt: addCalendarDays(SENT_ON, 5),
            expiresAt: addCalendarDays(SENT_ON, 95),
            renewedAt: '2030-01-02T09:00:00.000Z',
            openUrl: `${ORIGIN}/dashboard?workspace=ws-payments&token=ws-payments.pay-cert`,
          },
        ],
      },
    ],
    settingsUrl: `${ORIGIN}/dashboard?view=account`,
    unsubscribePageUrl: `${ORIGIN}/unsubscribe?token=v1.sample-summary&about=weekly-summary`,
    unsubscribeUrl: `${ORIGIN}/api/alert-emails/unsubscribe?token=v1.sample-summary`,
  };
}
