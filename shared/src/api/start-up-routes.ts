/**
 * The id, method and path of the routes the web calls as it starts, before any page has loaded:
 * the session and the CSRF token, and the dashboard's first reads (the workspaces and the token
 * lists), which its route asks for ahead of the page. No zod here: the web's start-up bundle (the
 * landing page's) and the dashboard route's loader read these without the schemas of the whole
 * route table, which adds theirs (route-table.ts).
 */
export const startUpRoutes = {
  getSession: { id: 'getSession', method: 'GET', path: '/api/session' },
  getCsrfToken: { id: 'getCsrfToken', method: 'GET', path: '/api/csrf-token' },
  listTokens: { id: 'listTokens', method: 'GET', path: '/api/tokens' },
  listWorkspaces: { id: 'listWorkspaces', method: 'GET', path: '/api/v1/workspaces' },
} as const;
