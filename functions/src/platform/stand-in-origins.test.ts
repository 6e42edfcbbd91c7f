import { readStripeBillingConfig } from '../adapters/billing-config';
import { getConfig, resetConfigForTests, standInUrl } from './config';

const STAND_IN = 'http://127.0.0.1:40123';
const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

function given(environment: Record<string, string>): void {
  Object.assign(process.env, environment);
  resetConfigForTests();
}

describe('stand-in URLs in production', () => {
  it('are refused unless their origin is a listed stand-in origin', () => {
    given({
      APP_ENV: 'production',
      STRIPE_API_URL: STAND_IN,
      SLACK_API_BASE_URL: `${STAND_IN}/api`,
      GOOGLE_ISSUER: STAND_IN,
    });
    expect(readStripeBillingConfig().apiUrl).toBeUndefined();
    expect(getConfig().slack.apiBaseUrl).toBe('https://slack.com/api');
    expect(getConfig().google.issuer).toBe('https://accounts.google.com');
  });

  it('are honoured on an origin of DISCOVERY_STAND_IN_ORIGINS (the rehearsal)', () => {
    given({
      APP_ENV: 'production',
      DISCOVERY_STAND_IN_ORIGINS: `http://127.0.0.1:1,${STAND_IN}`,
      STRIPE_API_URL: STAND_IN,
      SLACK_API_BASE_URL: `${STAND_IN}/api`,
      SLACK_AUTHORIZE_URL: `${STAND_IN}/oauth/v2/authorize`,
      GOOGLE_ISSUER: STAND_IN,
    });
    expect(readStripeBillingConfig().apiUrl?.origin).toBe(STAND_IN);
    expect(getConfig().slack.apiBaseUrl).toBe(`${STAND_IN}/api`);
    expect(getConfig().slack.authorizeUrl).toBe(`${STAND_IN}/oauth/v2/authorize`);
    expect(getConfig().google.issuer).toBe(STAND_IN);
  });

  it('are never honoured off the machine, even when listed', () => {
    const outside = 'http://stripe.example.com:8080';
    given({ APP_ENV: 'production', DISCOVERY_STAND_IN_ORIGINS: outside, STRIPE_API_URL: outside });
    expect(standInUrl('STRIPE_API_URL', 'production')).toBeUndefined();
  });

  it('are honoured outside production as before', () => {
    given({ APP_ENV: 'test', STRIPE_API_URL: STAND_IN });
    expect(standInUrl('STRIPE_API_URL', 'test')).toBe(STAND_IN);
  });
});
