/**
 * What a discovery provider (AWS, GitLab, Vault) answers the sync engine
 * (services/integrations/sync-engine.ts): the tokens it found, what it could not read, and the
 * parts of the source whose tokens must therefore not be marked removed.
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
}

/** A provider of one kind: reads the source with the integration's settings and credentials. */
export type DiscoveryProvider<Settings, Credentials> = (options: {
  readonly settings: Settings;
  readonly credentials: Credentials;
}) => Promise<Discovery>;
