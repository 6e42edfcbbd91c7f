/**
 * Console logging, enabled only on hosts containing localhost, an IP address or "staging"
 *; silent everywhere else.
 */
const IPV4 = /(^|\D)\d{1,3}(\.\d{1,3}){3}(\D|$)/;
const IPV6 = /^\[?[0-9a-f:]*:[0-9a-f:]*\]?$/i;

export function isLoggingHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host.includes('localhost') || host.includes('staging') || IPV4.test(host) || IPV6.test(host)
  );
}

type Level = 'debug' | 'info' | 'warn' | 'error';

function log(level: Level, args: unknown[]): void {
  if (typeof window === 'undefined' || !isLoggingHost(window.location.hostname)) return;
  // The one place the app writes to the console.
  console[level](...args);
}

export const logger = {
  debug: (...args: unknown[]) => log('debug', args),
  info: (...args: unknown[]) => log('info', args),
  warn: (...args: unknown[]) => log('warn', args),
  error: (...args: unknown[]) => log('error', args),
};
