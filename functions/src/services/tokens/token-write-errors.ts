/** Turns the conditions a token transaction failed on into the API's errors. */
import { WORKSPACE_NOT_FOUND_MESSAGE } from '@expiry-radar/shared/errors/workspace-not-found';
import {
  PLAN_LABELS,
  PLAN_LIMITS,
  formatLimit,
  type Plan,
} from '@expiry-radar/shared/domain/plans';
import { TokenConditionError, WorkspaceConditionError } from '../../data/token-records';
import { AppError } from '../../platform/app-error';

export function tokenLimitError(plan: Plan): AppError {
  const limit = formatLimit(PLAN_LIMITS[plan].tokensPerWorkspace);
  return new AppError(
    'PLAN_LIMIT',
    `The ${PLAN_LABELS[plan]} plan allows ${limit} tokens per workspace. Upgrade your plan to add more.`,
  );
}

/**
 * Runs a token write and maps its failed conditions: a frozen workspace (403), a full one
 * (409 PLAN_LIMIT with the limit of `plan`), a vanished one (404), a token changed or deleted
 * meanwhile (409, or `changedMeanwhile`: the 412 of a write sent with If-Match).
 */
export async function withTokenWriteErrors<T>(
  plan: Plan,
  write: () => Promise<T>,
  changedMeanwhile?: AppError,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof WorkspaceConditionError) {
      if (error.reason === 'frozen') throw new AppError('WORKSPACE_FROZEN');
      if (error.reason === 'limit') throw tokenLimitError(plan);
      throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND_MESSAGE);
    }
    if (error instanceof TokenConditionError) {
      if (changedMeanwhile) throw changedMeanwhile;
      throw new AppError(
        'CONFLICT',
        'This token was changed or deleted meanwhile. Reload and try again.',
      );
    }
    throw error;
  }
}
