/**
 * What a discovery provider (AWS, GitLab, Vault, GitHub, Azure, Google Cloud) answers the sync
 * engine (services/integrations/sync-engine.ts): the tokens it found, what it could not read, and
 * the parts of the source whose tokens must therefore not be marked removed.
 */
import type { TokenType } from '@expiry-radar/shared/domain/categories';
import type { TokenFields } from '@expiry-radar/shared/domain/token';

/** What a provider found of one token; the fields it does not know stay empty. */
export interface DiscoveredToken {
  /** The token's id at the source, stable across syncs (e.g. `project:42:access_token:17`). */
  readonly externalId: string;
  readonly name: string;
  readonly type: TokenType;
  /** `YYYY-MM-DD`. */
  readonly expiresAt: string;
  readonly fields?: Partial<Omit<TokenFields, 'name' | 'type' | 'category' | 'expiresAt'>>;
  /**
   * Its issuer renews it by itself (an ACM-issued certificate): the token is created marked
   * "renews automatically" (a later sync leaves the mark to the user).
   */
  readonly renewsAutomatically?: boolean;
}

export interface Discovery {
  readonly tokens: readonly DiscoveredToken[];
  /** What could not be read, in words (access denied on one service, a project not found…). */
  readonly errors: readonly string[];
  /**
   * External id prefixes of the parts of the source that could not be read: their tokens are
   * not marked removed, since their absence says nothing.
   */
  readonly unreadPrefixes: readonly string[];
  /**
   * A resumable provider (Azure, Google Cloud, GitHub) reads its source in parts (a vault, a
   * project's secrets, a repository's deploy keys), each named by the external id prefix of its
   * tokens: the parts this reading covered, read or failed (the failed ones are also unread).
   */
  readonly readParts?: readonly string[];
  /** The reading stopped for time before every part was read: a continuation reads the rest. */
  readonly stoppedEarly?: boolean;
  /**
   * A part failed in a way a later try may mend (a 5xx, throttling beyond its Retry-After, no
   * answer in time): the scheduled sync is tried again with backoff.
   */
  readonly retryable?: boolean;
}

/** How far one reading of a resumable provider may go. */
export interface DiscoveryProgress {
  /** Part prefixes an earlier message of the same sync already read: skipped now. */
  readonly done: readonly string[];
  /** Whether the worker's time is running out: no further part is started (after the first). */
  readonly timeIsUp: () => boolean;
}

/**
 * Decides which parts a resumable provider reads now: not those read before, and none after
 * time is up, though always at least one, so that each message of a sync moves it on.
 */
export function discoveryParts(progress: DiscoveryProgress | undefined) {
  const done = new Set(progress?.done ?? []);
  const readParts: string[] = [];
  let stoppedEarly = false;
  return {
    /** Whether an earlier message of the sync read the part. */
    isDone: (prefix: string) => done.has(prefix),
    /** Whether to read the part now (then it counts as read by this message). */
    take(prefix: string): boolean {
      if (done.has(prefix) || stoppedEarly) return false;
      if (readParts.length > 0 && progress?.timeIsUp()) {
        stoppedEarly = true;
        return false;
      }
      readParts.push(prefix);
      return true;
    },
    outcome: () => ({ readParts: [...readParts], stoppedEarly }),
  };
}

/** A provider of one kind: reads the source with the integration's settings and credentials. */
export type DiscoveryProvider<Settings, Credentials> = (options: {
  readonly settings: Settings;
  readonly credentials: Credentials;
  /** Given by the scheduled worker to providers that read in parts; absent, all is read at once. */
  readonly progress?: DiscoveryProgress;
}) => Promise<Discovery>;
