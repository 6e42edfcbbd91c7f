/**
 * Who may give a token endpoints, and how many: certificates only, within the plan's monitored
 * endpoints per workspace (the sum over its tokens' schedules, data/endpoint-records), hourly
 * checks only where the plan has them. An edit that does not add endpoints is never refused for
 * the limit, so a workspace over it after a downgrade can still edit and remove.
 */
import {
  ENDPOINT_MESSAGES,
  type EndpointCheckFrequency,
} from '@expiry-radar/shared/domain/endpoints';
import type { Category } from '@expiry-radar/shared/domain/categories';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import type { Token } from '@expiry-radar/shared/domain/token';
import { countWorkspaceEndpoints } from '../../data/endpoint-records';
import { endpointLimitMessage } from '../../domain/plan-limit-messages';
import { AppError, badRequest } from '../../platform/app-error';
import type { WorkspaceAccess } from '../workspaces/workspace-access';

export async function requireEndpointsAllowed(
  access: WorkspaceAccess,
  next: {
    readonly category: Category;
    readonly endpoints?: readonly unknown[] | undefined;
    readonly endpoint_check_frequency?: EndpointCheckFrequency | undefined;
  },
  current?: Token,
): Promise<void> {
  const count = next.endpoints?.length ?? current?.endpoints?.length ?? 0;
  if (count > 0 && next.category !== 'cert') {
    throw badRequest(ENDPOINT_MESSAGES.certificatesOnly, [
      { path: 'endpoints', message: ENDPOINT_MESSAGES.certificatesOnly },
    ]);
  }
  const limits = PLAN_LIMITS[access.plan];
  if (
    next.endpoint_check_frequency === 'hourly' &&
    current?.endpoint_check_frequency !== 'hourly' &&
    !limits.hourlyEndpointChecks
  ) {
    throw new AppError('PLAN_LIMIT', ENDPOINT_MESSAGES.hourly);
  }
  const added = count - (current?.endpoints?.length ?? 0);
  if (added <= 0) return;
  if (!(await endpointsWithinLimit(access.workspaceId, access.plan, count, current?.id))) {
    throw new AppError('PLAN_LIMIT', endpointLimitMessage(access.plan));
  }
}

/**
 * Whether the workspace's plan lets a token have `count` endpoints beside those of its other
 * tokens (`tokenId`'s own left out: the token being edited).
 */
export async function endpointsWithinLimit(
  workspaceId: string,
  plan: Plan,
  count: number,
  tokenId?: string,
): Promise<boolean> {
  const limit = PLAN_LIMITS[plan].monitoredEndpointsPerWorkspace;
  if (limit === null) return true;
  return (await countWorkspaceEndpoints(workspaceId, tokenId)) + count <= limit;
}
