import fc from 'fast-check';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import { PLANS } from '@expiry-radar/shared/domain/plans';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import { cellAttribute } from '../../domain/token-counters';
import { gsi1, keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import {
  admissionStateFromItem,
  newStoredWorkspace,
  workspaceCodec,
  workspacePlanFromItem,
  type StoredWorkspace,
} from './workspace';

const isoInstant = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());

const countersArbitrary = fc
  .array(
    fc.tuple(
      fc.record({
        category: fc.constantFrom(...CATEGORIES),
        section: fc.option(fc.string({ minLength: 1 }), { nil: null }),
      }),
      fc.integer({ min: 1, max: 10_000 }),
    ),
    { maxLength: 5 },
  )
  .map((cells) => new Map(cells.map(([cell, count]) => [cellAttribute(cell), count])));

const storedArbitrary: fc.Arbitrary<StoredWorkspace> = fc.record({
  workspace: fc.record({
    id: fc.uuid(),
    name: fc.string({ minLength: 1 }),
    ownerId: fc.uuid(),
    plan: fc.constantFrom(...PLANS),
    isFrozen: fc.boolean(),
    requireTwoFactor: fc.boolean(),
    createdAt: isoInstant,
    tokenCount: fc.nat(),
  }),
  ownedSince: fc.option(isoInstant, { nil: null }),
  counters: countersArbitrary,
});

const created = newStoredWorkspace({
  workspaceId: 'ws-1',
  name: 'Platform',
  ownerId: 'user-1',
  plan: 'team',
  now: new Date('2026-01-01T00:00:00.000Z'),
});

describe('workspace codec', () => {
  it('reads back every workspace it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(workspaceCodec, storedArbitrary);
  });

  it('writes the key, the owner index entry and the counters of a new workspace', () => {
    expect(workspaceCodec.toItem(created)).toEqual({
      ...keys.workspace('ws-1'),
      ...gsi1.ownedWorkspace('user-1', '2026-01-01T00:00:00.000Z', 'ws-1'),
      id: 'ws-1',
      name: 'Platform',
      ownerId: 'user-1',
      plan: 'team',
      isFrozen: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      tokenCount: 0,
    });
    expect(workspaceCodec.keyOf(created)).toEqual(keys.workspace('ws-1'));
  });

  it('writes the two-factor requirement only when it is on', () => {
    const required = { ...created, workspace: { ...created.workspace, requireTwoFactor: true } };
    expect(workspaceCodec.toItem(required)).toMatchObject({ requireTwoFactor: true });
    expect(
      workspaceCodec.fromItem(workspaceCodec.toItem(required)).workspace.requireTwoFactor,
    ).toBe(true);
    expect(workspaceCodec.fromItem(workspaceCodec.toItem(created)).workspace.requireTwoFactor).toBe(
      false,
    );
  });

  it('orders a transferred workspace in its owner index from when the owner got it', () => {
    const item = workspaceCodec.toItem({ ...created, ownedSince: '2026-05-01T00:00:00.000Z' });
    expect(item).toMatchObject({
      ...gsi1.ownedWorkspace('user-1', '2026-05-01T00:00:00.000Z', 'ws-1'),
      ownedSince: '2026-05-01T00:00:00.000Z',
    });
  });

  it('reads an unknown plan as free and a frozen flag that is not true as not frozen', () => {
    const item = workspaceCodec.toItem(created);
    expect(workspaceCodec.fromItem({ ...item, plan: 'platinum' }).workspace.plan).toBe('free');
    const { isFrozen: _isFrozen, ...unflagged } = item;
    expect(workspaceCodec.fromItem(unflagged).workspace.isFrozen).toBe(false);
    expect(workspaceCodec.fromItem({ ...item, isFrozen: 'yes' }).workspace.isFrozen).toBe(false);
  });

  it('counts tokens from tokenCount, else from the older per-category map, else 0', () => {
    const { tokenCount: _count, ...uncounted } = workspaceCodec.toItem(created);
    expect(workspaceCodec.fromItem(uncounted).workspace.tokenCount).toBe(0);
    const legacy = { ...uncounted, categoryCounts: { cert: 3, key_secret: 2 } };
    expect(workspaceCodec.fromItem(legacy).workspace.tokenCount).toBe(5);
    expect(workspaceCodec.fromItem({ ...legacy, tokenCount: 4 }).workspace.tokenCount).toBe(4);
    expect(workspaceCodec.fromItem({ ...uncounted, tokenCount: -2 }).workspace.tokenCount).toBe(0);
  });

  it('keeps only the counter cells that hold a positive count', () => {
    const cell = cellAttribute({ category: 'cert', section: null });
    const item = { ...workspaceCodec.toItem(created), [cell]: 2, 'tc#license#__none__': 0 };
    expect(workspaceCodec.fromItem(item).counters).toEqual(new Map([[cell, 2]]));
  });

  it.each(['id', 'name', 'ownerId', 'createdAt', 'gsi1pk'])(
    'refuses an item without %s',
    (field) => {
      const item: Record<string, unknown> = { ...workspaceCodec.toItem(created) };
      delete item[field];
      expect(() => workspaceCodec.fromItem(item)).toThrow(MalformedItemError);
      expect(() => workspaceCodec.fromItem(item)).toThrow(
        `Malformed WORKSPACE item WS#ws-1 WORKSPACE: ${field}`,
      );
    },
  );

  it('refuses an item whose name is not a string', () => {
    expect(() => workspaceCodec.fromItem({ ...workspaceCodec.toItem(created), name: 7 })).toThrow(
      MalformedItemError,
    );
  });

  it('reads the admission state from a projection: not frozen and version 0 until set', () => {
    expect(admissionStateFromItem({ pk: 'WS#ws-1' })).toEqual({ frozen: false, version: 0 });
    expect(admissionStateFromItem({ pk: 'WS#ws-1', isFrozen: true, admissionVersion: 4 })).toEqual({
      frozen: true,
      version: 4,
    });
    expect(() => admissionStateFromItem({ pk: 'WS#ws-1', admissionVersion: 'x' })).toThrow(
      MalformedItemError,
    );
  });

  it('reads the plan alone from a projected item', () => {
    expect(workspacePlanFromItem({ plan: 'pro' })).toBe('pro');
    expect(workspacePlanFromItem({ plan: 'platinum' })).toBe('free');
  });
});
