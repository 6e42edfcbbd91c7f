/** Pages where a 401 is silent: the public pages. */

export const PUBLIC_PAGE_PATHS: readonly string[] = [
  '/',
  '/login',
  // The sign-in's second step: an expired pending sign-in is its own message there.
  '/login/two-factor',
  '/register',
  '/pricing',
  '/help',
  '/privacy-policy',
  '/terms-of-service',
  // An alert email's unsubscribe link: the signed token is the proof, no sign-in needed.
  '/unsubscribe',
  // An alert's action link (acknowledge, snooze, renewed): the signed token is the proof.
  '/alert-action',
];

/** Whether a location path (query, hash and a trailing slash ignored) is a public page. */
export function isPublicPage(path: string): boolean {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const normalized = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return PUBLIC_PAGE_PATHS.includes(normalized === '' ? '/' : normalized);
}
