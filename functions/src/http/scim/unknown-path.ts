import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';
import { ScimError } from '../../domain/scim-protocol';
import { createTokenlessScimHandler } from '../pipeline/create-scim-handler';

const NOT_FOUND =
  'No SCIM resource is at this path: the base URL ends in /scim/v2, followed by /Users, /Groups, /ServiceProviderConfig, /ResourceTypes or /Schemas.';

/** The SCIM routes of a method and path (the catch-all left out), as path patterns. */
const resourceRoutes = Object.values(scimRoutes)
  .filter((route) => route.method !== 'ANY')
  .map((route) => {
    const source = route.path
      .split('/')
      .map((segment) =>
        /^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    return { method: route.method, pattern: new RegExp(`^${source}$`) };
  });

/** 405 with Allow for a SCIM path the method is not one of; 404 for any other path. */
export function scimRefusalOf(method: string, path: string): ScimError {
  const allowed = resourceRoutes
    .filter((route) => route.pattern.test(path))
    .map((route) => route.method);
  if (allowed.length === 0) return new ScimError(404, NOT_FOUND);
  return new ScimError(405, `This SCIM path takes ${allowed.join(', ')} only.`, undefined, {
    allow: allowed.join(', '),
  });
}

/**
 * `ANY /scim/{proxy+}`: a request under /scim/ that no SCIM route takes (API Gateway, like the
 * local runtime's matcher, picks it only after every route of the method and path). Identity
 * providers read refusals in SCIM's error shape (RFC 7644 §3.12), not the product's; the path is
 * no resource of the organization's, so no token is read.
 */
export const handler = createTokenlessScimHandler((event) =>
  scimRefusalOf(event.requestContext.http.method, event.rawPath),
);
