import { API_KEY_MESSAGES, apiKeyRefusal } from '../domain/api-keys';
import { routeTable } from './route-table';

const routesTakingKeys = routeTable
  .filter((route) => 'apiKey' in route)
  .map((route) => `${route.method} ${route.path} (${String(route.apiKey)})`);

describe('routes an API key may call', () => {
  it('are exactly these, written in the route table', () => {
    expect(routesTakingKeys).toEqual([
      'GET /api/tokens (workspace)',
      'POST /api/tokens (workspace)',
      'POST /api/v1/workspaces/{id}/domain-registrations (workspace)',
      'PUT /api/tokens/{id} (workspace)',
      'DELETE /api/tokens/{id} (workspace)',
      'POST /api/certificates/parse (workspace)',
      'GET /api/v1/workspaces/{id}/trusted-certificate-authorities (workspace)',
      'POST /api/v1/workspaces/{id}/trusted-certificate-authorities (workspace)',
      'DELETE /api/v1/workspaces/{id}/trusted-certificate-authorities/{caId} (workspace)',
      'GET /api/v1/workspaces/{id}/watched-domains (workspace)',
      'POST /api/v1/workspaces/{id}/watched-domains (workspace)',
      'PATCH /api/v1/workspaces/{id}/watched-domains/{domain} (workspace)',
      'DELETE /api/v1/workspaces/{id}/watched-domains/{domain} (workspace)',
      'POST /api/v1/workspaces/{id}/watched-domains/certificates/{certificateId}/inventory (workspace)',
      'GET /api/v1/workspaces/{id}/audit-events (workspace)',
      'GET /api/v1/workspaces (workspace)',
      'POST /api/v1/workspaces (allWorkspaces)',
      'GET /api/v1/workspaces/{id} (workspace)',
      'GET /api/v1/workspaces/{id}/tokens/export (workspace)',
      'GET /api/v1/workspaces/{id}/metrics (workspace)',
      'POST /api/v1/workspaces/{id}/imports (workspace)',
      'POST /api/v1/workspaces/{id}/scans (workspace)',
    ]);
  });

  it('never include sign-in and account (/auth/*), billing, plans or the API-key routes', () => {
    const forbidden = routeTable.filter(
      (route) =>
        route.path.startsWith('/auth/') ||
        /billing|upgrade|plan|api-keys|two-factor|logout|session|csrf/.test(route.path),
    );
    expect(forbidden.length).toBeGreaterThan(10);
    for (const route of forbidden) expect('apiKey' in route).toBe(false);
    const login = routeTable.find((route) => route.id === 'login');
    expect(login && apiKeyRefusal(login, { workspaceId: null, access: 'read_write' })).toBe(
      API_KEY_MESSAGES.notForThisRoute,
    );
  });
});

describe('apiKeyRefusal', () => {
  const readWrite = { workspaceId: null, access: 'read_write' } as const;
  const readOnly = { workspaceId: null, access: 'read' } as const;
  const scoped = { workspaceId: 'ws-1', access: 'read_write' } as const;

  it('lets a read-only key read and refuses its writes', () => {
    expect(apiKeyRefusal({ method: 'GET', apiKey: 'workspace' }, readOnly)).toBeNull();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(apiKeyRefusal({ method, apiKey: 'workspace' }, readOnly)).toBe(
        API_KEY_MESSAGES.readOnly,
      );
      expect(apiKeyRefusal({ method, apiKey: 'workspace' }, readWrite)).toBeNull();
    }
  });

  it('keeps calls beyond one workspace for keys scoped to all workspaces', () => {
    expect(apiKeyRefusal({ method: 'POST', apiKey: 'allWorkspaces' }, scoped)).toBe(
      API_KEY_MESSAGES.needsAllWorkspaces,
    );
    expect(apiKeyRefusal({ method: 'POST', apiKey: 'allWorkspaces' }, readWrite)).toBeNull();
    expect(apiKeyRefusal({ method: 'POST', apiKey: 'workspace' }, scoped)).toBeNull();
  });

  it('refuses every key on a route that does not name one', () => {
    expect(apiKeyRefusal({ method: 'GET' }, readWrite)).toBe(API_KEY_MESSAGES.notForThisRoute);
  });
});
