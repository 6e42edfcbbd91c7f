/**
 * Who may configure an organization's enterprise sign-in: its owner (the account whose plan the
 * workspaces it owns are on), on Team or Enterprise. The organization's id is the owner's.
 */
import { isPlan } from '@expiry-radar/shared/domain/plans';
import { planAllowsEnterpriseSignIn } from '@expiry-radar/shared/domain/organization-sign-in';
import type { UserRecord } from '../../data/user-records';
import { AppError } from '../../platform/app-error';

export const ENTERPRISE_SIGN_IN_PLAN_MESSAGE =
  'Verified domains and single sign-on come with the Team and Enterprise plans. Upgrade on the Billing page to set them up.';

export function organizationAllowed(user: Pick<UserRecord, 'plan'>): boolean {
  return isPlan(user.plan) && planAllowsEnterpriseSignIn(user.plan);
}

/** The caller's organization id; 403 below Team. */
export function requireOrganizationOwner(user: Pick<UserRecord, 'id' | 'plan'>): string {
  if (!organizationAllowed(user)) throw new AppError('FORBIDDEN', ENTERPRISE_SIGN_IN_PLAN_MESSAGE);
  return user.id;
}
