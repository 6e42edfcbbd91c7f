/**
 * The pending Google sign-in entity (ACCESS_PATTERNS.md row 26; codec pattern:
 * entity-codec.ts): `pk=OAUTH_STATE#<SHA-256 of the state>`, `sk=OAUTH_STATE` (the state itself
 * is never stored), holding the nonce, the PKCE verifier and the app path to land on, until
 * `expiresAt` (and `ttl`); taken once, by a conditional delete.
 *
 * Reading: the hash comes from the key; every attribute is required.
 */
import * as z from 'zod';
import { epochSeconds, keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface GoogleSignInState {
  readonly nonce: string;
  readonly codeVerifier: string;
  /** The app path to land on afterwards. */
  readonly redirect: string;
}

export interface StoredGoogleSignInState {
  readonly stateHash: string;
  readonly pending: GoogleSignInState;
  /** ISO instant. */
  readonly expiresAt: string;
}

export const googleSignInStateItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirect: z.string(),
  expiresAt: z.string(),
  ttl: z.number(),
});

export type GoogleSignInStateItem = z.output<typeof googleSignInStateItemSchema>;

export const googleSignInStateCodec = {
  entity: 'GOOGLE_SIGN_IN_STATE',
  itemSchema: googleSignInStateItemSchema,

  keyOf: ({ stateHash }) => keys.googleSignInState(stateHash),

  toItem: ({ stateHash, pending, expiresAt }) => ({
    ...keys.googleSignInState(stateHash),
    nonce: pending.nonce,
    codeVerifier: pending.codeVerifier,
    redirect: pending.redirect,
    expiresAt,
    ttl: epochSeconds(new Date(expiresAt)),
  }),

  fromItem(item) {
    const { pk, nonce, codeVerifier, redirect, expiresAt } = parseItem(
      'GOOGLE_SIGN_IN_STATE',
      googleSignInStateItemSchema,
      item,
    );
    return {
      stateHash: requireKeyPart(
        'GOOGLE_SIGN_IN_STATE',
        item,
        keyParts.googleSignInStateHash(pk),
        'state hash',
      ),
      pending: { nonce, codeVerifier, redirect },
      expiresAt,
    };
  },
} satisfies EntityCodec<StoredGoogleSignInState, GoogleSignInStateItem>;
