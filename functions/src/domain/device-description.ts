/**
 * A short description of the device a session was started on, from the sign-in's User-Agent
 * header: "Chrome on Linux", "Safari on iPhone", "Firefox" when the system is not recognised,
 * else "Unknown browser". Only this fixed vocabulary is stored and shown, never the header itself
 * (anyone can send any header, and a description must stay short).
 */
export const UNKNOWN_DEVICE = 'Unknown browser';

/** Browsers in the order they must be tried: each one's header also names the ones after it. */
const BROWSERS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['Edge', /\bEdg(e|A|iOS)?\//],
  ['Opera', /\b(OPR|Opera)\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(Firefox|FxiOS)\//],
  ['Chrome', /\b(Chrome|HeadlessChrome|CriOS)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

/** Systems in the order they must be tried (an iPhone's header also says "like Mac OS X"). */
const SYSTEMS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

const firstMatch = (
  candidates: readonly (readonly [string, RegExp])[],
  header: string,
): string | undefined => candidates.find(([, pattern]) => pattern.test(header))?.[0];

export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = firstMatch(BROWSERS, userAgent);
  if (!browser) return UNKNOWN_DEVICE;
  const system = firstMatch(SYSTEMS, userAgent);
  return system ? `${browser} on ${system}` : browser;
}
