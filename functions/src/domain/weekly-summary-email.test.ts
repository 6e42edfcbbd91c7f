import { sampleWeeklySummary } from '../../test-support/weekly-summary-sample';
import type { TokenLine } from './alert-email-layout';
import { SUMMARY_MAX_ROWS_PER_WORKSPACE, weeklySummaryLine } from './weekly-summary';
import { renderWeeklySummaryEmail } from './weekly-summary-email';

/** The text a reader sees in the HTML part (as the alert email's test reads it). */
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
    .filter((part) => part.length > 0 && part !== '·' && part !== '—' && part !== ':');
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}

describe('weekly summary email', () => {
  it('sums up what expires and what was renewed in one line, as its subject', async () => {
    const mail = await renderWeeklySummaryEmail(sampleWeeklySummary());
    expect(mail.subject).toBe(
      'Weekly summary: 1 SSH key has expired; 1 API key, 1 certificate and 1 license expire in the next 30 days; 2 tokens were renewed last week',
    );
    expect(
      weeklySummaryLine({
        horizonDays: 30,
        workspaces: [{ ...sampleWeeklySummary().workspaces[1]!, renewed: [] }],
      }),
    ).toBe('Nothing expires in the next 30 days');
  });

  it('says in the text part all the HTML part says, with every link', async () => {
    const mail = await renderWeeklySummaryEmail(sampleWeeklySummary());
    const text = mail.text.replace(/\s+/g, ' ');
    const shown = visibleText(mail.html);
    expect(shown.length).toBeGreaterThan(20);
    for (const part of shown) expect(text).toContain(part);
    const links = hrefs(mail.html);
    // Three tokens' buttons and one renewal link, two renewals, settings and stop.
    expect(links).toHaveLength(4 + 1 + 2 + 2);
    for (const link of links) expect(mail.text).toContain(link);
  });

  it('lists each workspace most urgent first, what was renewed, and when nothing is due', async () => {
    const mail = await renderWeeklySummaryEmail(sampleWeeklySummary());
    const order = ['Deploy SSH key', 'Stripe secret key', 'api.example.com', 'IDE licenses'];
    const positions = order.map((name) => mail.text.indexOf(`\n${name} `));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(mail.text).toContain('  Expires: 2030-01-04 (Expired 3 days ago)');
    expect(mail.text).toContain(
      '  Grafana API token: renewed until 2031-01-09 (was 2030-01-09) on 2030-01-03',
    );
    expect(mail.text).toMatch(/Payments & Billing\n-+\n\nExpiring in the next 30 days:\nNothing\./);
    expect(mail.html).toContain('er-tone-expired');
    expect(mail.html).toContain('prefers-color-scheme: dark');
    expect(mail.headers).toEqual({
      'List-Unsubscribe':
        '<https://app.expiry-radar.example/api/alert-emails/unsubscribe?token=v1.sample-summary>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('lists at most its row limit per workspace and links the rest to the dashboard', async () => {
    const sample = sampleWeeklySummary();
    const platform = sample.workspaces[0]!;
    const many: TokenLine[] = Array.from(
      { length: SUMMARY_MAX_ROWS_PER_WORKSPACE + 3 },
      (_, i) => ({
        ...platform.expiring[2]!,
        key: `k${i}`,
        tokenName: `Key ${String(i).padStart(2, '0')}`,
      }),
    );
    const mail = await renderWeeklySummaryEmail({
      ...sample,
      workspaces: [{ ...platform, expiring: many }],
    });
    expect(mail.text.match(/^Key \d\d expires/gm)).toHaveLength(SUMMARY_MAX_ROWS_PER_WORKSPACE);
    expect(mail.text).toContain(
      `3 more tokens expire soon: see them on the dashboard: ${platform.dashboardUrl}`,
    );
    expect(mail.subject).toContain(`${SUMMARY_MAX_ROWS_PER_WORKSPACE + 3} API keys expire`);
  });
});
