import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EMAIL_CHANGED_PARAM } from '@expiry-radar/shared/api/verification-link';
import { emailChangedMessage } from '@expiry-radar/shared/messages/email-change-messages';
import { useSession } from '../../features/session';
import { showSuccessToast } from '../../lib/toasts';

/**
 * A used email-change link (`email_changed=true`): once the session is in, "Your email address is
 * now …" with the address the account now has, and the parameter leaves the URL. Signed out, the
 * parameter stays, so that the way back from sign-in carries it.
 */
export function useEmailChangedNotice(): void {
  const [search, setSearch] = useSearchParams();
  const { isLoggedIn, needsVerification, user } = useSession();
  const present = search.get(EMAIL_CHANGED_PARAM) === 'true';
  const email = isLoggedIn && !needsVerification ? user?.email : undefined;
  const shown = useRef(false);

  useEffect(() => {
    if (!present || email === undefined) return;
    // Removed on every pass: another update of the URL may have been based on the old one.
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EMAIL_CHANGED_PARAM);
        return next;
      },
      { replace: true },
    );
    if (shown.current) return;
    shown.current = true;
    showSuccessToast(emailChangedMessage(email));
  }, [present, email, search, setSearch]);
}
