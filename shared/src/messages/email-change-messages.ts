/**
 * The success toasts of an email change, apart from the others (success-messages.ts): the app's
 * start-up code shows the one a used email-change link opens, and importing it alone keeps the
 * other toasts' texts out of the JavaScript every first visit loads.
 */

/** The profile's save when it asks for a new address (the current one stays until then). */
export function emailChangeRequestedMessage(newEmail: string): string {
  return `Check ${newEmail} for the link that completes the change`;
}

/** The dashboard that a used email-change link opens. */
export function emailChangedMessage(newEmail: string): string {
  return `Your email address is now ${newEmail}`;
}
