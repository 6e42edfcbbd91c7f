/** Every URL of the SPA in one place. */
import { appRedirectPath } from '@expiry-radar/shared/api/app-redirect';

export const paths = {
  home: '/',
  login: '/login',
  /** The sign-in's second step (shared TWO_FACTOR_SIGN_IN_PAGE; Google sign-in returns there). */
  twoFactorSignIn: '/login/two-factor',
  register: '/register',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  pricing: '/pricing',
  billing: '/billing',
  preferences: '/preferences',
  usage: '/usage',
  /** The organization owner's verified domains and SSO connection (Team and Enterprise). */
  organizationSignIn: '/organization/sign-in',
  integrations: '/integrations',
  workspaces: '/workspaces',
  audit: '/audit',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  docs: '/docs',
  docsTeams: '/docs/teams',
  docsTokens: '/docs/tokens',
  docsAlerts: '/docs/alerts',
  docsAudit: '/docs/audit',
  docsUsage: '/docs/usage',
  docsApi: '/docs/api',
  help: '/help',
  /** Where an alert email's "Stop these emails" link leads (public, signed token). */
  unsubscribe: '/unsubscribe',
  /** Where an alert's action link (acknowledge, snooze, renewed) leads (public, signed token). */
  alertAction: '/alert-action',
  /** The API's OpenAPI description, served by the API itself (public, unlike the docs pages). */
  openApiDocument: '/api/openapi.json',
} as const;

/** The query parameters the app reads. */
export const queryParams = {
  workspace: 'workspace',
  section: 'section',
  view: 'view',
  email: 'email',
  /** On /register and /login: the invitation whose email link brought the visitor. */
  invitation: 'invitation',
  token: 'token',
  /** On /unsubscribe: `weekly-summary` when the link is the weekly summary's (wording only). */
  about: 'about',
  /** On /billing: the plan to change to (from /pricing). */
  upgrade: 'upgrade',
  /** On /billing and /pricing: the billing period (monthly, yearly) to show and check out. */
  period: 'period',
  /**
   * On /register, /login and /verify-email: the app path to land on once signed in and verified
   * (only same-origin app paths are followed: shared/src/api/app-redirect.ts).
   */
  redirect: 'redirect',
  /** On /dashboard: the category filter (one category's card alone). */
  category: 'category',
  /** On /dashboard: `me` keeps the tokens the signed-in member owns ("Assigned to me"). */
  assigned: 'assigned',
} as const;

/** On /dashboard: the parameter of one category card's search (`search.cert=api`). */
export function categorySearchParam(category: string): string {
  return `search.${category}`;
}

/** `path?email=...&redirect=...`, each parameter only when given. */
function withEmailAndRedirect(path: string, email?: string | null, redirect?: string): string {
  const search = new URLSearchParams();
  if (email) search.set(queryParams.email, email);
  if (redirect) search.set(queryParams.redirect, redirect);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * `/verify-email?email=...`, where a session that needs verification is sent, with the app path
 * to land on once verified.
 */
export function verifyEmailPath(email?: string | null, redirect?: string): string {
  return withEmailAndRedirect(paths.verifyEmail, email, redirect);
}

/** `/login?email=...`: sign-in with the address filled in, leading on to `redirect`. */
export function loginPath(email?: string | null, redirect?: string): string {
  return withEmailAndRedirect(paths.login, email, redirect);
}

/** `/register?redirect=...` and the like: a sign-in page that leads on to `redirect`. */
export function withRedirect(path: string, redirect: string | undefined): string {
  if (!redirect) return path;
  return `${path}?${new URLSearchParams({ [queryParams.redirect]: redirect }).toString()}`;
}

/** The `redirect` parameter when it is a same-origin app path; undefined otherwise. */
export function redirectParamOf(search: URLSearchParams): string | undefined {
  return appRedirectPath(search.get(queryParams.redirect));
}

/** The account view of the dashboard (`view=account`). */
export const accountSettingsPath = `${paths.dashboard}?${queryParams.view}=account`;

/** The two-factor section of the account view, where members set it up. */
export const twoFactorSettingsPath = `${accountSettingsPath}#two-factor`;

/** `/billing?upgrade=pro&period=yearly`: the billing page opens the change to that plan. */
export function billingUpgradePath(plan: string, period?: string): string {
  const search = new URLSearchParams({ [queryParams.upgrade]: plan });
  if (period) search.set(queryParams.period, period);
  return `${paths.billing}?${search.toString()}`;
}
