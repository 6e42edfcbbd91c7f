import { alertsAreDisabled } from './alerts-disabled';

describe('alertsAreDisabled', () => {
  it('is true only with email alerts off and no webhook', () => {
    expect(alertsAreDisabled({ email_alerts_enabled: false, webhook_urls: [] })).toBe(true);
    expect(alertsAreDisabled({ email_alerts_enabled: true, webhook_urls: [] })).toBe(false);
    const webhook = { name: 'On call', kind: 'slack' as const, url: 'https://hooks.example.com/a' };
    expect(alertsAreDisabled({ email_alerts_enabled: false, webhook_urls: [webhook] })).toBe(false);
  });
});
