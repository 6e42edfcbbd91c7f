import { startUpRoutes } from '@expiry-radar/shared/api/start-up-routes';
import { listTokensResponse } from '@expiry-radar/shared/api/token-api-schemas';
import { listWorkspacesResponse } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { CallAnswer, CallInput } from './api-call';
import type { ApiCallOptions, ApiInput } from './api-client';
import { requestRoute } from './api-client';

/**
 * The answer schemas of the calls a page makes as it starts (the dashboard's first reads), the
 * same as the route table's: `callAtStartUp` sends them without loading the route table, which
 * `call` loads with its first call (api-call.ts).
 */
export const startUpAnswers = {
  listWorkspaces: listWorkspacesResponse,
  listTokens: listTokensResponse,
} as const;

export type StartUpCallId = keyof typeof startUpAnswers;

/** As `call`, for a start-up route (start-up-routes.ts). */
export function callAtStartUp<Id extends StartUpCallId>(
  id: Id,
  input: CallInput<Id>,
  options: ApiCallOptions = {},
): Promise<CallAnswer<Id>> {
  const schema: { parse(payload: unknown): unknown } = startUpAnswers[id];
  return requestRoute(startUpRoutes[id], input as ApiInput, { ...options, schema }) as Promise<
    CallAnswer<Id>
  >;
}
