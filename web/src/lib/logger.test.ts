import { isLoggingHost } from './logger';

describe('isLoggingHost', () => {
  it.each([
    'localhost',
    'app.localhost',
    '127.0.0.1',
    '192.168.1.20',
    '[::1]',
    'staging.example.com',
  ])('logs on %s', (host) => expect(isLoggingHost(host)).toBe(true));
  it.each(['expiry-radar.example', 'app.example.com', 'www.example.org'])(
    'is silent on %s',
    (host) => expect(isLoggingHost(host)).toBe(false),
  );
});
