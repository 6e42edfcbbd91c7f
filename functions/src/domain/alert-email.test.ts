import type { AlertNotice } from './alert-channels';
import { alertEmailSubject, renderDigestEmail } from './alert-email';

const notice: AlertNotice = {
  alertId: 'a1',
  workspaceId: 'ws1',
  workspaceName: 'Ops <b>team</b>',
  tokenId: 'ws1.t1',
  tokenName: 'Prod key\r\nBcc: everyone@example.com',
  category: 'key_secret',
  type: 'api_key',
  expiresAt: '2030-01-08T00:00:00.000Z',
  daysLeft: 7,
  threshold: 7,
  renewalUrl: null,
  dashboardUrl: 'https://app.example/dashboard?workspace=ws1',
};

describe('alert email', () => {
  it('keeps a token name with line breaks to one line of the subject', () => {
    expect(alertEmailSubject(notice)).toBe('Prod key Bcc: everyone@example.com expires in 7 days');
  });

  it('caps a long token name in the subject but keeps what it says of the expiry', () => {
    const subject = alertEmailSubject({ ...notice, tokenName: 'x'.repeat(300) });
    expect(subject).toMatch(/^x+… expires in 7 days$/);
    expect(subject.length).toBeLessThanOrEqual(80 + ' expires in 7 days'.length);
  });

  it('escapes the token and workspace names in the HTML part', () => {
    const mail = renderDigestEmail({
      to: 'ops@example.com',
      rows: [{ notice, identifiers: [], reason: { kind: 'workspace_owner' } }],
    });
    expect(mail.html).toContain('Ops &lt;b&gt;team&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>team</b>');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
