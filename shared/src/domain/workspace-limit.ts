import { formatLimit, PLAN_LABELS, PLAN_LIMITS, type Plan } from './plans';

/**
 * Why a workspace cannot be created beyond the plan's owned workspaces: the server's 409
 * PLAN_LIMIT answer, and the reason the web gives for not offering "Create workspace".
 */
export function workspaceLimitMessage(plan: Plan): string {
  const limit = PLAN_LIMITS[plan].workspacesOwned;
  const noun = limit === 1 ? 'workspace' : 'workspaces';
  return `Your ${PLAN_LABELS[plan]} plan allows ${formatLimit(limit)} ${noun}. Upgrade your plan to create more workspaces.`;
}
