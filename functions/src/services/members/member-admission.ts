/**
 * Admissions to a workspace (an invitation, or an invitation turning into a membership) within
 * its plan's member limit, through the admission guard, with its refusals as API errors.
 */
import { WORKSPACE_NOT_FOUND_MESSAGE } from '@expiry-radar/shared/errors/workspace-not-found';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import { MEMBER_POLICY_MESSAGES } from '../../domain/member-policy';
import { memberLimitMessage } from '../../domain/plan-limit-messages';
import {
  AdmissionContendedError,
  AdmissionLimitError,
  AdmissionScopeFrozenError,
  AdmissionScopeGoneError,
  admitWithinLimit,
  type AdmissionGuard,
} from '../../data/admission-guard';
import { keys } from '../../data/keys';
import { countMembersAndInvitations } from '../../data/member-records';
import { AppError } from '../../platform/app-error';

/**
 * `count`: `asNew` for a new invitation; `replacingInvitation` when an invitation (counted
 * already) becomes a membership, so the workspace must stay within the limit, not gain a place.
 * Refusals: 409 PLAN_LIMIT, 404 when the workspace is gone, 403 WORKSPACE_FROZEN (checked in
 * the same transaction), 409 CONFLICT when racing admissions outlast the retries.
 */
export async function withinMemberLimit<T>(
  workspace: { readonly workspaceId: string; readonly plan: Plan },
  options: {
    readonly count: 'asNew' | 'replacingInvitation';
    readonly admit: (guard: AdmissionGuard) => Promise<T>;
  },
): Promise<T> {
  const replaced = options.count === 'replacingInvitation' ? 1 : 0;
  try {
    return await admitWithinLimit({
      scope: keys.workspace(workspace.workspaceId),
      limit: PLAN_LIMITS[workspace.plan].membersPerWorkspace,
      count: async () => (await countMembersAndInvitations(workspace.workspaceId)) - replaced,
      admit: options.admit,
      unlessFrozen: true,
    });
  } catch (error) {
    if (error instanceof AdmissionLimitError) {
      throw new AppError('PLAN_LIMIT', memberLimitMessage(workspace.plan));
    }
    if (error instanceof AdmissionScopeGoneError) {
      throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND_MESSAGE);
    }
    if (error instanceof AdmissionScopeFrozenError) throw new AppError('WORKSPACE_FROZEN');
    if (error instanceof AdmissionContendedError) {
      throw new AppError('CONFLICT', MEMBER_POLICY_MESSAGES.busy);
    }
    throw error;
  }
}
