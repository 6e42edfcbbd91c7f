/**
 * A token write that leaves a certificate with endpoints never checked (a new certificate's, an
 * endpoint added, an address or SNI name changed: an edit keeps the last check of an unchanged
 * address only) has them checked at once, not at the next hourly dispatch. After the write, the
 * token's round is taken as the dispatcher takes it (endpoint-check-round.ts): the schedule the
 * write put, due at once, moves on to its next check by the same conditional write (so the
 * dispatcher does not check them again, and does not race this), the endpoints within the plan's
 * limit go on the check queue, the others are marked paused. Its endpoints share one schedule, so
 * those checked already are checked again with the new ones.
 *
 * The write stands whatever happens here: messages the queue does not take give the schedule back
 * (due, so the next dispatch takes it), and a failure is logged, never answered. A frozen
 * workspace's tokens are not written at all, so never reach this.
 */
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  enqueueEndpointChecks,
  type EndpointCheckEnqueuer,
} from '../../adapters/endpoint-check-queue';
import { advanceEndpointSchedule, endpointSchedulePutBy } from '../../data/endpoint-records';
import { errorMessage } from '../../platform/error-message';
import { logger } from '../../platform/logger';
import {
  endpointCheckMessagesOf,
  giveBackEndpointSchedule,
  keptEndpointCountsOf,
  markEndpointsPausedFrom,
  nextEndpointCheckAt,
} from './endpoint-check-round';

/**
 * Checks the endpoints of a token just written (`previous` → `token`, at `now`) at once when some
 * were never checked; answers how many checks went on the queue.
 */
export async function checkSavedEndpoints(
  write: {
    readonly token: Token;
    readonly previous: Token | undefined;
    readonly plan: Plan;
    readonly now: Date;
  },
  enqueue: EndpointCheckEnqueuer = enqueueEndpointChecks,
): Promise<number> {
  const { token, plan, now } = write;
  const schedule = endpointSchedulePutBy(token, write.previous, now);
  if (!schedule || (token.endpoints ?? []).every((endpoint) => endpoint.last_check)) return 0;
  const context = { workspaceId: token.workspace_id, tokenId: token.id };
  const leftToDispatch = (reason: string, details: object) =>
    logger.warn(`Endpoint checks of a saved token left to the next dispatch: ${reason}`, {
      ...context,
      ...details,
    });
  const next = nextEndpointCheckAt(schedule, plan, now);
  try {
    // Taken by a dispatch already, or put again by a later write, which takes it in turn.
    if (!(await advanceEndpointSchedule(schedule, next))) return 0;
  } catch (error) {
    leftToDispatch('the schedule was not taken', { error: errorMessage(error) });
    return 0;
  }
  let kept = token.endpoints!.length;
  let unsent: number;
  let failure: string | undefined;
  try {
    kept = (await keptEndpointCountsOf(token.workspace_id, plan))?.get(token.id) ?? kept;
    unsent = (await enqueue(endpointCheckMessagesOf(token, kept))).length;
  } catch (error) {
    unsent = kept;
    failure = errorMessage(error);
  }
  try {
    if (unsent > 0) {
      const givenBack = await giveBackEndpointSchedule(schedule, next);
      leftToDispatch('the queue did not take them', {
        unsent,
        givenBack,
        ...(failure ? { error: failure } : {}),
      });
    } else {
      await markEndpointsPausedFrom(token, kept, now);
    }
  } catch (error) {
    logger.error('Endpoint checks of a saved token: its schedule or paused marks not written', {
      ...context,
      error: errorMessage(error),
    });
  }
  return kept - unsent;
}
