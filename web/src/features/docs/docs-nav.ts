import { paths } from '../../lib/paths';

/** The documentation's pages, in reading order. */
export const docsPages = [
  { to: paths.docs, label: 'Overview' },
  { to: paths.docsTokens, label: 'Tokens' },
  { to: paths.docsAlerts, label: 'Alerts' },
  { to: paths.docsTeams, label: 'Teams & workspaces' },
  { to: paths.docsAudit, label: 'Audit log' },
  { to: paths.docsUsage, label: 'Usage & limits' },
  { to: paths.docsApi, label: 'API' },
] as const;
