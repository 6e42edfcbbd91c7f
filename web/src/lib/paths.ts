/** Every URL of the SPA in one place (spec §2). */
export const paths = {
  home: '/',
  login: '/login',
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
  help: '/help',
} as const;
