import { sampleDigest } from '../../test-support/alert-digest-sample';
import type { AlertNotice } from './alert-channels';
import { alertEmailSubject, renderDigestEmail } from './alert-email';
import { ALERT_EMAIL_NO_ACTIONS } from './alert-link-rights';

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
  dashboardUrl: 'https://app.example/dashboard?workspace=ws1&token=ws1.t1',
};

/**
 * The text a reader sees in the HTML part: its text nodes, entities decoded. Column headings are
 * left out: the text part labels each value on its own line instead.
 */
function visibleText(html: string): string[] {
  const body = html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<th[\s>][\s\S]*?<\/th>/g, '');
  return body
    .split(/<[^>]+>/)
    .map((part) =>
      part
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
        .replace(/[\u200b-\u200f\u00a0\u2028\u2029\ufeff]|\u034f/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => part.length > 0 && part !== '·' && part !== '—');
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}

describe('alert email', () => {
  it('keeps a token name with line breaks to one line of the subject', () => {
    expect(alertEmailSubject(notice)).toBe('Prod key Bcc: everyone@example.com expires in 7 days');
  });

  it('caps a long token name in the subject but keeps what it says of the expiry', () => {
    const subject = alertEmailSubject({ ...notice, tokenName: 'x'.repeat(300) });
    expect(subject).toMatch(/^x+… expires in 7 days$/);
    expect(subject.length).toBeLessThanOrEqual(80 + ' expires in 7 days'.length);
  });

  it('escapes the token and workspace names in the HTML part', async () => {
    const digest = sampleDigest();
    const mail = await renderDigestEmail({
      ...digest,
      rows: [{ notice, identifiers: [], reason: { kind: 'workspace_owner' } }],
    });
    expect(mail.html).toContain('Ops &lt;b&gt;team&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>team</b>');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('says in the text part all the HTML part says, with every link', async () => {
    const mail = await renderDigestEmail(sampleDigest());
    expect(mail.subject).toBe(
      '1 SSH key has expired; 2 certificates, 1 API key and 1 license expire in the next 14 days',
    );
    const text = mail.text.replace(/\s+/g, ' ');
    const shown = visibleText(mail.html);
    expect(shown.length).toBeGreaterThan(30);
    for (const part of shown) expect(text).toContain(part);
    const links = hrefs(mail.html);
    // Per row its button and its 5 actions; 2 renewal links; per workspace 2; the footer's 1.
    expect(links).toHaveLength(5 * 6 + 2 + 2 + 2 + 1);
    for (const link of links) expect(mail.text).toContain(link);
  });

  it('says which part of a long digest it is: part 1 under the whole summary, the others their own', async () => {
    const digest = sampleDigest();
    const summary = '590 API keys expire in the next 30 days';
    const first = await renderDigestEmail({
      ...digest,
      part: { number: 1, of: 6, alerts: 590, summary },
    });
    expect(first.subject).toBe(`${summary} (part 1 of 6)`);
    const note =
      "This is part 2 of 6 of today's alerts: 590 in all, too many for one email, so they come in 6 emails, the most urgent first.";
    const second = await renderDigestEmail({ ...digest, part: { number: 2, of: 6, alerts: 590 } });
    expect(second.subject).toBe(
      '1 SSH key has expired; 2 certificates, 1 API key and 1 license expire in the next 14 days (part 2 of 6)',
    );
    expect(second.text).toContain(note);
    expect(visibleText(second.html)).toContain(note);
    const single = await renderDigestEmail({
      ...digest,
      rows: [{ notice, identifiers: [], reason: { kind: 'workspace_owner' } }],
      part: { number: 6, of: 6, alerts: 501 },
    });
    expect(single.subject).toBe(
      'Prod key Bcc: everyone@example.com expires in 7 days (part 6 of 6)',
    );
    // A digest sent whole says nothing of parts.
    expect((await renderDigestEmail(digest)).text).not.toContain('part 1');
  });

  it('lists the most urgent workspace first and its rows by days left, with status colours', async () => {
    const mail = await renderDigestEmail(sampleDigest());
    const order = ['Deploy SSH key', 'api.example.com', 'Stripe secret key', 'Payments & Billing'];
    const positions = order.map((name) => mail.text.indexOf(name));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(mail.text).toContain('  Expires: 2030-01-08 (Expired 2 days ago)');
    expect(mail.text).toContain('  Expires: 2030-01-24 (14 days left)');
    expect(mail.text).toContain('  Domains: api.example.com, www.example.com');
    expect(mail.html).toContain('er-tone-expired');
    expect(mail.html).toContain('er-tone-warning');
    expect(mail.html).toContain('prefers-color-scheme: dark');
    expect(mail.text).toContain('You are in the contact group Platform on-call of Platform.');
    expect(mail.text).toContain(
      'No contact group is set for these tokens in Payments & Billing, so they go to the workspace owner (you).',
    );
  });

  it('says once per workspace why its rows offer no actions, in the place of their links', async () => {
    const digest = sampleDigest();
    const readOnly = ALERT_EMAIL_NO_ACTIONS.read_only;
    const mail = await renderDigestEmail({
      ...digest,
      rows: digest.rows.map((row) =>
        row.notice.workspaceId === 'ws-payments'
          ? { ...row, notice: { ...row.notice, actions: [] }, actionsWithheld: readOnly }
          : row,
      ),
    });
    const payments = mail.text.slice(mail.text.indexOf('Payments & Billing\n'));
    expect(payments.split(readOnly)).toHaveLength(2);
    expect(payments).not.toContain('/alert-action?');
    expect(payments).toContain('  Open Tax engine license: ');
    expect(mail.text.split(readOnly)).toHaveLength(2);
    expect(visibleText(mail.html).filter((part) => part === readOnly)).toHaveLength(1);
    // The other workspace's 3 rows keep their 5 actions each.
    expect(hrefs(mail.html).filter((link) => link.includes('/alert-action?'))).toHaveLength(15);
  });

  it('links the page that asks before it stops the emails, never the one-click address', async () => {
    // A click is a GET; the one-click address takes only the mail client's POST.
    const mail = await renderDigestEmail(sampleDigest());
    const oneClick = '/api/alert-emails/unsubscribe';
    expect(hrefs(mail.html).filter((link) => link.includes(oneClick))).toEqual([]);
    expect(mail.text).not.toContain(oneClick);
    const stopAll = 'https://app.expiry-radar.example/unsubscribe?token=v1.sample-all';
    expect(mail.text).toContain(`Stop all these emails: ${stopAll}`);
    expect(hrefs(mail.html)).toContain(stopAll);
  });

  it('offers the one-click unsubscribe in the List-Unsubscribe headers', async () => {
    const mail = await renderDigestEmail(sampleDigest());
    expect(mail.headers).toEqual({
      'List-Unsubscribe':
        '<https://app.expiry-radar.example/api/alert-emails/unsubscribe?token=v1.sample-all>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
