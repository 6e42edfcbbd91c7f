/**
 * One reading of a resumable discovery provider (Azure, Google Cloud, GitHub), part by part
 * (domain/discovery.ts): what it found, and what it could not read. A part's failure is an error
 * naming it and its prefix stays unread, so the other parts are still read; the credentials
 * refused (or the login not answering) before any part is read refuse the whole reading.
 */
import {
  discoveryParts,
  type DiscoveredToken,
  type Discovery,
  type DiscoveryProgress,
} from '../domain/discovery';
import { OutboundRequestError } from './guarded-http';

/** A provider's own read error, as the reading sees it. */
export interface SourceReadFailure {
  readonly message: string;
  /** The credentials themselves were refused: nothing of the source can be read. */
  readonly refused: boolean;
  /** A later try may mend it. */
  readonly transient: boolean;
}

/** The provider's read error in `error`, or undefined when it is none. */
export type ReadFailureOf = (error: unknown) => SourceReadFailure | undefined;

export function discoveryReading(
  progress: DiscoveryProgress | undefined,
  readFailureOf: ReadFailureOf,
) {
  const tokens: DiscoveredToken[] = [];
  const errors: string[] = [];
  const unreadPrefixes: string[] = [];
  const parts = discoveryParts(progress);
  let retryable = false;

  /**
   * Notes that the part of `prefix` (`what`, in words) failed: an error naming it, its prefix
   * unread. Rethrows a refusal of the credentials and any error that is not a failed read.
   */
  const failed = (prefix: string, what: string, error: unknown): void => {
    const failure = readFailureOf(error);
    if (failure && !failure.refused) {
      errors.push(failure.message);
      retryable ||= failure.transient;
    } else if (error instanceof OutboundRequestError) {
      errors.push(`${what}: ${error.message}`);
      retryable ||= error.transient;
    } else throw error;
    unreadPrefixes.push(prefix);
  };

  return {
    tokens,
    errors,
    unreadPrefixes,
    parts,
    failed,
    /** Runs one part, unless an earlier message read it or time is up; see `failed`. */
    part: async (prefix: string, what: string, run: () => Promise<void>): Promise<void> => {
      if (!parts.take(prefix)) return;
      try {
        await run();
      } catch (error) {
        failed(prefix, what, error);
      }
    },
    outcome: (): Discovery => ({
      tokens,
      errors,
      unreadPrefixes,
      retryable,
      ...parts.outcome(),
    }),
  };
}

/**
 * What a reading answers when the credentials fail before its parts are read (refused, or the
 * login `loginWhat` not answering): nothing read, nothing to be marked removed. Undefined for an
 * error that is neither.
 */
export function unreadableSource(
  error: unknown,
  loginWhat: string,
  readFailureOf: ReadFailureOf,
): Discovery | undefined {
  const failure = readFailureOf(error);
  if (failure) {
    return {
      tokens: [],
      errors: [failure.message],
      unreadPrefixes: [''],
      retryable: failure.transient,
    };
  }
  if (error instanceof OutboundRequestError) {
    return {
      tokens: [],
      errors: [`${loginWhat}: ${error.message}`],
      unreadPrefixes: [''],
      retryable: error.transient,
    };
  }
  return undefined;
}
