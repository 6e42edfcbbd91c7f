/**
 * The pending SSO sign-in entity (ACCESS_PATTERNS.md, enterprise sign-in; codec pattern:
 * entity-codec.ts): `pk=SSO_STATE#<SHA-256 of the state>`, `sk=SSO_STATE` (the state itself is
 * never stored), holding the organization, the address asked for, the nonce, the PKCE verifier
 * and the app path to land on, until `expiresAt` (and `ttl`); taken once, by a conditional delete.
 */
import * as z from 'zod';
import { epochSeconds, keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface SsoSignInState {
  readonly organizationId: string;
  readonly email: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  readonly redirect: string;
}

export interface StoredSsoSignInState {
  readonly stateHash: string;
  readonly pending: SsoSignInState;
  readonly expiresAt: string;
}

export const ssoSignInStateItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  organizationId: z.string(),
  email: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirect: z.string(),
  expiresAt: z.string(),
  ttl: z.number(),
});

export type SsoSignInStateItem = z.output<typeof ssoSignInStateItemSchema>;

export const ssoSignInStateCodec = {
  entity: 'SSO_SIGN_IN_STATE',
  itemSchema: ssoSignInStateItemSchema,

  keyOf: ({ stateHash }) => keys.ssoSignInState(stateHash),

  toItem: ({ stateHash, pending, expiresAt }) => ({
    ...keys.ssoSignInState(stateHash),
    ...pending,
    expiresAt,
    ttl: epochSeconds(new Date(expiresAt)),
  }),

  fromItem(item) {
    const {
      pk,
      sk: _sk,
      ttl: _ttl,
      expiresAt,
      ...pending
    } = parseItem('SSO_SIGN_IN_STATE', ssoSignInStateItemSchema, item);
    return {
      stateHash: requireKeyPart('SSO_SIGN_IN_STATE', item, keyParts.ssoStateHash(pk), 'state hash'),
      pending,
      expiresAt,
    };
  },
} satisfies EntityCodec<StoredSsoSignInState, SsoSignInStateItem>;
