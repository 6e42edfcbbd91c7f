import { useCallback, useEffect, useState } from 'react';
import {
  linkEmailCooldownUntil,
  rememberLinkEmailCooldown,
} from '../../../lib/link-email-cooldown';

const TICK_MS = 250;

/**
 * A countdown after an email was sent (or the server said to wait): the whole seconds left,
 * 0 when sending is possible again. With the `address` the emails go to, the countdown is shared
 * with the pages that sent one before (registration, an address change) and survives a reload.
 */
export function useResendCooldown(address?: string | null): {
  secondsLeft: number;
  start: (seconds: number) => void;
} {
  const [endsAt, setEndsAt] = useState<number | null>(() =>
    address ? linkEmailCooldownUntil(address) : null,
  );
  const [now, setNow] = useState(() => Date.now());

  // Another address (the session loaded, or the link named one): its own countdown.
  const [countedFor, setCountedFor] = useState(address);
  if (countedFor !== address) {
    setCountedFor(address);
    setEndsAt(address ? linkEmailCooldownUntil(address) : null);
  }

  useEffect(() => {
    if (endsAt === null) return undefined;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(
    (seconds: number) => {
      const current = Date.now();
      setNow(current);
      setEndsAt(current + seconds * 1000);
      if (address) rememberLinkEmailCooldown(address, seconds, current);
    },
    [address],
  );

  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { secondsLeft, start };
}
