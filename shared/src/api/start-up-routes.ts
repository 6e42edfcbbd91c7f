/**
 * The id, method and path of the routes the web calls as it starts, before any page has loaded:
 * the session and the CSRF token. No zod here: the web's start-up bundle (the landing page's)
 * reads these without the schemas of the whole route table, which adds theirs (route-table.ts).
 */
export const startUpRoutes = {
  getSession: { id: 'getSession', method: 'GET', path: '/api/session' },
  getCsrfToken: { id: 'getCsrfToken', method: 'GET', path: '/api/csrf-token' },
} as const;
