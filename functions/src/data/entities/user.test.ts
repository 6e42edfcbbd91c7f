import fc from 'fast-check';
import { PLANS } from '@expiry-radar/shared/domain/plans';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import {
  OWNED_WORKSPACE_IDS,
  ownedWorkspaceIdsFromItem,
  planHolderFromItem,
  userCodec,
  type StoredUser,
} from './user';

const text = fc.option(fc.string(), { nil: null });

const storedArbitrary: fc.Arbitrary<StoredUser> = fc.record({
  user: fc.record({
    id: fc.uuid(),
    email: fc.emailAddress(),
    displayName: fc.string(),
    name: text,
    avatar: text,
    plan: fc.constantFrom(...PLANS),
    downgraded: fc.boolean(),
    emailVerified: fc.boolean(),
    twoFactorEnabled: fc.boolean(),
    pendingEmail: fc.option(fc.emailAddress(), { nil: null }),
    createdAt: isoInstant,
  }),
  passwordHash: text,
  emailVerifiedAt: fc.option(isoInstant, { nil: null }),
  sessionsValidFrom: fc.option(isoInstant, { nil: null }),
  ownedWorkspaceIds: fc.uniqueArray(fc.uuid(), { maxLength: 4 }).map((ids) => new Set(ids)),
});

const stored: StoredUser = {
  user: {
    id: 'u-1',
    email: 'ada@example.com',
    displayName: 'Ada Lovelace',
    name: 'Ada',
    avatar: null,
    plan: 'free',
    downgraded: false,
    emailVerified: true,
    twoFactorEnabled: false,
    pendingEmail: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  passwordHash: 'scrypt$hash',
  emailVerifiedAt: '2026-01-01T00:00:00.000Z',
  sessionsValidFrom: null,
  ownedWorkspaceIds: new Set(['ws-1']),
};

describe('user codec', () => {
  it('reads back every user it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(userCodec, storedArbitrary);
  });

  it('writes the profile of an account, without the attributes it does not have', () => {
    expect(userCodec.toItem(stored)).toEqual({
      ...keys.user('u-1'),
      id: 'u-1',
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      name: 'Ada',
      avatar: null,
      plan: 'free',
      downgraded: false,
      emailVerified: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      passwordHash: 'scrypt$hash',
      emailVerifiedAt: '2026-01-01T00:00:00.000Z',
      [OWNED_WORKSPACE_IDS]: new Set(['ws-1']),
    });
    const googleOnly = userCodec.toItem({
      ...stored,
      passwordHash: null,
      emailVerifiedAt: null,
      ownedWorkspaceIds: new Set(),
    });
    for (const attribute of ['passwordHash', 'emailVerifiedAt', OWNED_WORKSPACE_IDS]) {
      expect(googleOnly).not.toHaveProperty(attribute);
    }
    expect(userCodec.keyOf(stored)).toEqual(keys.user('u-1'));
  });

  it('writes the two-factor flag only when it is on', () => {
    expect(userCodec.toItem(stored)).not.toHaveProperty('twoFactorEnabled');
    const enrolled = userCodec.toItem({
      ...stored,
      user: { ...stored.user, twoFactorEnabled: true },
    });
    expect(enrolled).toMatchObject({ twoFactorEnabled: true });
    expect(userCodec.fromItem(enrolled).user.twoFactorEnabled).toBe(true);
  });

  it('reads the defaults of older or partial items', () => {
    const {
      displayName: _displayName,
      passwordHash: _passwordHash,
      [OWNED_WORKSPACE_IDS]: _owned,
      ...item
    } = userCodec.toItem(stored);
    const read = userCodec.fromItem({
      ...item,
      name: 7,
      avatar: { url: 'x' },
      plan: 'platinum',
      downgraded: 'yes',
      emailVerified: 1,
    });
    expect(read.user).toEqual({
      ...stored.user,
      displayName: 'ada@example.com',
      name: null,
      avatar: null,
      plan: 'free',
      downgraded: false,
      emailVerified: false,
    });
    expect(read.passwordHash).toBeNull();
    expect(read.ownedWorkspaceIds).toEqual(new Set());
  });

  it.each(['id', 'email', 'createdAt'])('refuses an item without %s', (field) => {
    const item: Record<string, unknown> = { ...userCodec.toItem(stored) };
    delete item[field];
    expect(() => userCodec.fromItem(item)).toThrow(MalformedItemError);
    expect(() => userCodec.fromItem(item)).toThrow(
      `Malformed USER item USER#u-1 PROFILE: ${field}`,
    );
  });

  it('refuses a password hash or revocation time that is not text', () => {
    const item = userCodec.toItem(stored);
    expect(() => userCodec.fromItem({ ...item, passwordHash: 5 })).toThrow(/passwordHash/);
    expect(() => userCodec.fromItem({ ...item, sessionsValidFrom: true })).toThrow(
      /sessionsValidFrom/,
    );
  });

  it('reads the plan holder from a projection', () => {
    const projected = { id: 'u-1', email: 'ada@example.com', plan: 'pro', downgraded: true };
    expect(planHolderFromItem(projected)).toEqual({
      id: 'u-1',
      email: 'ada@example.com',
      plan: 'pro',
      downgraded: true,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      stripeEventCreated: null,
    });
    expect(
      planHolderFromItem({
        ...projected,
        plan: 'platinum',
        stripeCustomerId: 'cus_1',
        stripeSubscriptionId: 'sub_1',
        stripeEventCreated: 1_700_000_000,
      }),
    ).toMatchObject({
      plan: 'free',
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      stripeEventCreated: 1_700_000_000,
    });
    expect(() => planHolderFromItem({ email: 'ada@example.com' })).toThrow(/id/);
  });

  it('reads the owned-workspace set from a projection, null when there is none', () => {
    expect(ownedWorkspaceIdsFromItem({ [OWNED_WORKSPACE_IDS]: new Set(['a', 'b']) })).toEqual(
      new Set(['a', 'b']),
    );
    expect(ownedWorkspaceIdsFromItem({})).toBeNull();
    expect(ownedWorkspaceIdsFromItem(undefined)).toBeNull();
    expect(() => ownedWorkspaceIdsFromItem({ [OWNED_WORKSPACE_IDS]: ['a'] })).toThrow(
      MalformedItemError,
    );
  });
});
