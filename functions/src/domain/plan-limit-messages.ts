/** The messages of 409 PLAN_LIMIT answers: what the plan allows and what to do about it. */
import {
  formatLimit,
  PLAN_LABELS,
  PLAN_LIMITS,
  type Limit,
  type Plan,
} from '@expiry-radar/shared/domain/plans';

const plural = (limit: Limit, noun: string) =>
  `${formatLimit(limit)} ${noun}${limit === 1 ? '' : 's'}`;

// The web gives the same reason for not offering "Create workspace".
export { workspaceLimitMessage } from '@expiry-radar/shared/domain/workspace-limit';

export function memberLimitMessage(plan: Plan): string {
  const limit = PLAN_LIMITS[plan].membersPerWorkspace;
  return `A workspace on the ${PLAN_LABELS[plan]} plan can have ${plural(limit, 'member')} (pending invitations included). Upgrade the plan to add more members.`;
}

export function endpointLimitMessage(plan: Plan): string {
  const limit = PLAN_LIMITS[plan].monitoredEndpointsPerWorkspace;
  return `A workspace on the ${PLAN_LABELS[plan]} plan can monitor ${plural(limit, 'endpoint')}. Upgrade the plan to monitor more.`;
}

export function integrationLimitMessage(plan: Plan): string {
  const limit = PLAN_LIMITS[plan].integrationsPerWorkspace;
  return `A workspace on the ${PLAN_LABELS[plan]} plan can have ${plural(limit, 'integration')}. Upgrade the plan to add more integrations.`;
}
