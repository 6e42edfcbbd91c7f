import fc from 'fast-check';
import { PLAN_LIMITS, PLANS } from '@expiry-radar/shared/domain/plans';
import { usageFreezeReason } from '@expiry-radar/shared/domain/workspace-freezing';
import { planChangeOutcome, workspaceChanges, type OwnedWorkspaceState } from './plan-change';

const workspace = (
  id: string,
  minute: number,
  isFrozen = false,
  usage = { tokens: 0, members: 1 },
): OwnedWorkspaceState => ({
  id,
  name: id,
  ownedSince: `2025-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
  plan: 'pro',
  isFrozen,
  ...usage,
});

describe('planChangeOutcome', () => {
  it('freezes the newest workspaces beyond the new limit on a downgrade', () => {
    const outcome = planChangeOutcome({
      fromPlan: 'pro',
      toPlan: 'free',
      owned: [workspace('c', 3), workspace('a', 1), workspace('b', 2)],
    });
    expect(outcome.direction).toBe('downgrade');
    expect(outcome.workspaces.map((w) => [w.id, w.isFrozen])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);
    expect(outcome.newlyFrozen.map((w) => w.id)).toEqual(['b', 'c']);
    expect(outcome.downgraded).toBe(true);
  });

  it('unfreezes as many as the new limit allows on an upgrade', () => {
    const owned = [1, 2, 3, 4, 5].map((minute) => workspace(`w${minute}`, minute, minute > 1));
    const outcome = planChangeOutcome({ fromPlan: 'free', toPlan: 'pro', owned });
    expect(outcome.direction).toBe('upgrade');
    expect(outcome.unfrozen.map((w) => w.id)).toEqual(['w2', 'w3']);
    expect(outcome.frozen.map((w) => w.id)).toEqual(['w4', 'w5']);
    expect(outcome.downgraded).toBe(true);
    const unlimited = planChangeOutcome({ fromPlan: 'free', toPlan: 'enterprise', owned });
    expect(unlimited.frozen).toEqual([]);
    expect(unlimited.downgraded).toBe(false);
  });

  it('orders equal creation times by id, and says what must be written', () => {
    const outcome = planChangeOutcome({
      fromPlan: 'pro',
      toPlan: 'free',
      owned: [workspace('y', 1), workspace('x', 1)],
    });
    expect(outcome.workspaces.map((w) => w.id)).toEqual(['x', 'y']);
    const [kept, frozen] = outcome.workspaces;
    expect(kept && workspaceChanges(kept, 'free')).toBe(true);
    expect(kept && workspaceChanges(kept, 'pro')).toBe(false);
    expect(frozen && workspaceChanges(frozen, 'pro')).toBe(true);
    expect(planChangeOutcome({ fromPlan: 'free', toPlan: 'free', owned: [] })).toMatchObject({
      direction: 'same',
      downgraded: false,
    });
  });

  it('freezes what holds more tokens or members than the new plan allows, whatever its age', () => {
    const outcome = planChangeOutcome({
      fromPlan: 'team',
      toPlan: 'free',
      owned: [
        workspace('crowded', 1, false, { tokens: 2, members: 2 }),
        workspace('full', 2, false, { tokens: 51, members: 1 }),
        workspace('fits', 3, false, { tokens: 50, members: 1 }),
        workspace('newest', 4),
      ],
    });
    expect(outcome.workspaces.map((w) => [w.id, w.frozenFor])).toEqual([
      ['crowded', 'member_limit'],
      ['full', 'token_limit'],
      ['fits', null],
      ['newest', 'workspace_limit'],
    ]);
    expect(outcome.downgraded).toBe(true);
    const back = planChangeOutcome({
      fromPlan: 'free',
      toPlan: 'pro',
      owned: [
        workspace('crowded', 1, true, { tokens: 2, members: 2 }),
        workspace('full', 2, true, { tokens: 51, members: 1 }),
      ],
    });
    expect(back.unfrozen.map((w) => w.id)).toEqual(['crowded', 'full']);
  });

  it('never leaves an owner more in use than the plan allows', () => {
    const state = fc.record({
      id: fc.uuid(),
      minute: fc.integer({ min: 0, max: 59 }),
      isFrozen: fc.boolean(),
      tokens: fc.nat(6_000),
      members: fc.nat(60),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...PLANS),
        fc.constantFrom(...PLANS),
        fc.uniqueArray(state, { selector: (w) => w.id, maxLength: 12 }),
        (fromPlan, toPlan, states) => {
          const owned = states.map((w) =>
            workspace(w.id, w.minute, w.isFrozen, { tokens: w.tokens, members: w.members }),
          );
          const outcome = planChangeOutcome({ fromPlan, toPlan, owned });
          const limits = PLAN_LIMITS[toPlan];
          const active = outcome.workspaces.filter((w) => !w.isFrozen);
          const usageOf = new Map(owned.map((w) => [w.id, w]));
          if (limits.workspacesOwned !== null) {
            expect(active.length).toBeLessThanOrEqual(limits.workspacesOwned);
          }
          for (const w of active) expect(usageFreezeReason(toPlan, usageOf.get(w.id)!)).toBeNull();
          const fitting = owned.filter((w) => usageFreezeReason(toPlan, w) === null).length;
          expect(active.length).toBe(Math.min(fitting, limits.workspacesOwned ?? Infinity));
          expect(outcome.downgraded).toBe(active.length < owned.length);
        },
      ),
    );
  });
});
