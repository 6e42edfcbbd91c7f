/** API keys of the signed-in user (never callable with an API key): this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import {
  apiKeyParams,
  createApiKeyBody,
  createApiKeyResponse,
  listApiKeysResponse,
} from '../api-key-api-schemas';
import { okResponse } from '../common-schemas';

export const apiKeyRoutes = {
  listApiKeys: {
    id: 'listApiKeys',
    method: 'GET',
    path: '/api/account/api-keys',
    auth: 'verifiedSession',
    summary: "The user's API keys: name, scope, access, last use and expiry (never the secret).",
    response: listApiKeysResponse,
  },
  createApiKey: {
    id: 'createApiKey',
    method: 'POST',
    path: '/api/account/api-keys',
    auth: 'verifiedSession',
    summary:
      "Creates an API key within the plan's limit and a token for it in the inventory; answers the secret once.",
    request: { body: createApiKeyBody },
    response: createApiKeyResponse,
  },
  revokeApiKey: {
    id: 'revokeApiKey',
    method: 'DELETE',
    path: '/api/account/api-keys/{keyId}',
    auth: 'verifiedSession',
    summary: 'Revokes an API key at once (its inventory token stays).',
    request: { params: apiKeyParams },
    response: okResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
