/** Every URL of the SPA in one place. */
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
  /** On /billing: the plan to change to (from /pricing). */
  upgrade: 'upgrade',
} as const;

/** `/verify-email?email=...`, where a session that needs verification is sent. */
export function verifyEmailPath(email?: string | null): string {
  return email
    ? `${paths.verifyEmail}?${new URLSearchParams({ [queryParams.email]: email }).toString()}`
    : paths.verifyEmail;
}

/** The account view of the dashboard (`view=account`). */
export const accountSettingsPath = `${paths.dashboard}?${queryParams.view}=account`;

/** The two-factor section of the account view, where members set it up. */
export const twoFactorSettingsPath = `${accountSettingsPath}#two-factor`;

/** `/billing?upgrade=pro`: the billing page opens the change to that plan. */
export function billingUpgradePath(plan: string): string {
  return `${paths.billing}?${new URLSearchParams({ [queryParams.upgrade]: plan }).toString()}`;
}
