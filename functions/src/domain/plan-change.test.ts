import { planChangeOutcome, workspaceChanges, type OwnedWorkspaceState } from './plan-change';

const workspace = (id: string, minute: number, isFrozen = false): OwnedWorkspaceState => ({
  id,
  name: id,
  createdAt: `2025-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
  plan: 'pro',
  isFrozen,
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
});
