/**
 * When another link email (verification, password reset) to an address may be asked for: one
 * goes out per address per cooldown (the server answers 429 with the seconds left otherwise). The
 * pages that offer "Resend" count down from here, so the wait shows from the moment an email was
 * sent (registration, an address change, a resend), also after a reload. Kept for the tab
 * (sessionStorage), one address at a time; storage that throws keeps nothing.
 */
const STORAGE_KEY = 'expiry-radar:link-email-cooldown';

interface Stored {
  readonly address: string;
  /** Epoch milliseconds. */
  readonly until: number;
}

function read(): Stored | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { address, until } = value as { address?: unknown; until?: unknown };
    return typeof address === 'string' && typeof until === 'number' ? { address, until } : null;
  } catch {
    return null;
  }
}

const normalized = (address: string) => address.trim().toLowerCase();

/** An email went to `address` (or the server said to wait): no new one for `seconds`. */
export function rememberLinkEmailCooldown(
  address: string,
  seconds: number,
  now: number = Date.now(),
): void {
  try {
    window.sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ address: normalized(address), until: now + seconds * 1000 }),
    );
  } catch {
    // The countdown lasts while the page is open.
  }
}

/** When the next email to `address` may be asked for (epoch ms); null when it may be now. */
export function linkEmailCooldownUntil(address: string, now: number = Date.now()): number | null {
  const stored = read();
  if (!stored || stored.address !== normalized(address) || stored.until <= now) return null;
  return stored.until;
}
