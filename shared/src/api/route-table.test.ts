import * as z from 'zod';
import { findRoute, routeTable } from './route-table';

const productCalls: Array<[string, string]> = [
  ['GET', '/api/csrf-token'],
  ['POST', '/auth/login'],
  ['POST', '/auth/register'],
  ['POST', '/api/logout'],
  ['GET', '/api/session'],
  ['PUT', '/auth/account'],
  ['DELETE', '/auth/account'],
  ['GET', '/auth/verify-email'],
  ['POST', '/auth/reset-password'],
  ['GET', '/auth/google'],
  ['GET', '/auth/google/callback'],
  ['GET', '/api/tokens'],
  ['POST', '/api/tokens'],
  ['PUT', '/api/tokens/{id}'],
  ['DELETE', '/api/tokens/{id}'],
  ['POST', '/api/test-webhook'],
  ['POST', '/api/alert-queue/requeue'],
  ['GET', '/api/alert-queue'],
  ['POST', '/api/alert-queue/{id}/retry'],
  ['GET', '/api/audit-events'],
  ['GET', '/api/v1/workspaces/{id}/audit-events'],
  ['GET', '/api/account/export-audit'],
  ['GET', '/api/account/plan'],
  ['POST', '/api/account/upgrade'],
  ['POST', '/api/billing/confirm'],
  ['GET', '/api/alert-stats'],
  ['GET', '/api/organization/usage'],
  ['GET', '/api/v1/workspaces'],
  ['POST', '/api/v1/workspaces'],
  ['GET', '/api/v1/workspaces/{id}'],
  ['PATCH', '/api/v1/workspaces/{id}'],
  ['DELETE', '/api/v1/workspaces/{id}'],
  ['GET', '/api/v1/workspaces/{id}/members'],
  ['POST', '/api/v1/workspaces/{id}/members'],
  ['PATCH', '/api/v1/workspaces/{id}/members/{userId}'],
  ['DELETE', '/api/v1/workspaces/{id}/members/{userId}'],
  ['GET', '/api/v1/workspaces/{id}/alert-settings'],
  ['PUT', '/api/v1/workspaces/{id}/alert-settings'],
  ['POST', '/api/v1/workspaces/{id}/transfer-tokens'],
];

describe('routeTable', () => {
  it('has unique ids in camelCase', () => {
    const ids = routeTable.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });

  it('has unique method and path pairs in API Gateway syntax', () => {
    const keys = routeTable.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of routeTable) {
      // SCIM's resource paths are RFC 7644's, capitals included: identity providers append them;
      // the catch-alls (any method) take /scim/ itself and the rest of /scim/ to answer them in
      // SCIM's shape.
      if (route.method === 'ANY') {
        expect(['/scim', '/scim/{proxy+}']).toContain(route.path);
        continue;
      }
      expect(route.path).toMatch(
        route.path.startsWith('/scim/')
          ? /^\/scim\/v2\/(Users|Groups|ServiceProviderConfig|ResourceTypes|Schemas)(\/\{id\})?$/
          : /^\/(api|auth)(\/([a-z0-9-]+(\.[a-z]+)?|\{[a-zA-Z]+\}))+$/,
      );
    }
  });

  it('declares a params schema exactly for paths with parameters', () => {
    for (const route of routeTable) {
      const hasParams = route.path.includes('{');
      const request = 'request' in route ? route.request : undefined;
      expect([route.id, Boolean(request && 'params' in request)]).toEqual([route.id, hasParams]);
    }
  });

  it('keeps the skeleton routes', () => {
    expect(findRoute('getSession')).toMatchObject({
      method: 'GET',
      path: '/api/session',
      auth: 'public',
    });
    expect(findRoute('getCsrfToken')).toMatchObject({
      method: 'GET',
      path: '/api/csrf-token',
      auth: 'public',
    });
    expect(findRoute('getHealth')).toMatchObject({
      method: 'GET',
      path: '/api/health',
      auth: 'public',
    });
  });

  it.each(productCalls)('has a route for %s %s', (method, path) => {
    expect(routeTable.some((route) => route.method === method && route.path === path)).toBe(true);
  });

  it('makes sign-in routes public and account routes session-only', () => {
    const auth = (id: Parameters<typeof findRoute>[0]) => findRoute(id).auth;
    for (const id of [
      'login',
      'register',
      'verifyEmail',
      'requestPasswordReset',
      'resetPassword',
      'googleSignIn',
      'googleCallback',
    ] as const) {
      expect(auth(id)).toBe('public');
    }
    for (const id of ['updateAccount', 'deleteAccount', 'resendVerification'] as const) {
      expect(auth(id)).toBe('session');
    }
    for (const id of [
      'listTokens',
      'createToken',
      'updateToken',
      'deleteToken',
      'listWorkspaces',
    ] as const) {
      expect(auth(id)).toBe('verifiedSession');
    }
  });

  it('validates bodies with the domain messages', () => {
    const body = findRoute('createToken').request?.body;
    const result = body?.safeParse({ category: 'cert', type: 'api_key' });
    expect(result?.error?.issues.map((issue) => issue.message)).toEqual([
      'Name is required',
      'Expiration date is required',
      'Workspace is required',
      'Invalid type for cert category',
    ]);
    const register = findRoute('register').request?.body;
    expect(
      register?.safeParse({ email: 'x', password: 'short' }).error?.issues.map((i) => i.message),
    ).toEqual(['Please enter a valid email address', 'Password must be at least 12 characters']);
  });

  it('can be described in JSON Schema (requests as input, answers as output)', () => {
    for (const route of routeTable) {
      const request: Record<string, z.ZodType> = 'request' in route ? route.request : {};
      for (const schema of Object.values(request)) {
        expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
      }
      expect(() => z.toJSONSchema(route.response, { io: 'output' })).not.toThrow();
    }
  });
});
