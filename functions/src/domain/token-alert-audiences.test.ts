import type { ContactGroup } from './alert-channels';
import {
  audiencesAt,
  tokenAlertPlan,
  type AudienceSettings,
  type TokenAudience,
} from './token-alert-audiences';

const group = (id: string, thresholds?: number[]): ContactGroup => ({
  id,
  name: id,
  emails: [`${id}@example.com`],
  webhook_names: [],
  ...(thresholds ? { thresholds } : {}),
});

const settings: AudienceSettings = {
  thresholds: [30, 14, 7, 1, 0],
  contact_groups: [group('ops', [30, 7]), group('sec', [1]), group('web')],
  default_contact_group_id: 'web',
};

const token = {
  contact_group_id: null,
  additional_contact_group_ids: [] as string[],
  renews_automatically: false,
  renewal_grace_days: null,
};

const ids = (audiences: readonly TokenAudience[]) =>
  audiences.map((audience) => audience.group?.id ?? null);

describe('token alert audiences', () => {
  it('arms the union of its groups’ windows and sends each window to the groups it is theirs', () => {
    const plan = tokenAlertPlan(
      settings,
      { ...token, contact_group_id: 'ops', additional_contact_group_ids: ['sec', 'gone'] },
      'team',
    );
    expect(plan.thresholds).toEqual([30, 7, 1]);
    expect(ids(audiencesAt(plan, 30, null, '2030-01-31'))).toEqual(['ops']);
    expect(ids(audiencesAt(plan, 1, null, '2030-01-31'))).toEqual(['ops', 'sec']);
    // Windows missed since the last alert collapse into the late one, for each group.
    const last = { expiresAt: '2030-01-31', threshold: 30 };
    expect(ids(audiencesAt(plan, 1, last, '2030-01-31'))).toEqual(['ops', 'sec']);
    expect(ids(audiencesAt(plan, 7, last, '2030-01-31'))).toEqual(['ops']);
  });

  it('falls back to the default group, then to the workspace, and ignores groups on free plans', () => {
    expect(ids(tokenAlertPlan(settings, token, 'pro').audiences)).toEqual(['web']);
    const free = tokenAlertPlan(
      settings,
      { ...token, additional_contact_group_ids: ['ops'] },
      'free',
    );
    expect(ids(free.audiences)).toEqual([null]);
    expect(free.thresholds).toEqual([30, 14, 7, 1, 0]);
  });

  it('replaces the windows before the grace point of a token that renews itself with one', () => {
    const renews = { ...token, renews_automatically: true };
    const plan = tokenAlertPlan(settings, renews, 'pro');
    expect(plan).toMatchObject({ thresholds: [14, 7, 1, 0], renewalOverdueThreshold: 14 });
    expect(
      tokenAlertPlan({ ...settings, renewal_grace_days: 10 }, renews, 'pro').thresholds,
    ).toEqual([10, 7, 1, 0]);
    expect(
      tokenAlertPlan(settings, { ...renews, renewal_grace_days: 3 }, 'pro').thresholds,
    ).toEqual([3, 1, 0]);
    // Every group gets the overdue alert, whatever its thresholds.
    const grouped = tokenAlertPlan(
      settings,
      { ...renews, contact_group_id: 'sec', additional_contact_group_ids: ['ops'] },
      'team',
    );
    expect(ids(audiencesAt(grouped, 14, null, '2030-01-31'))).toEqual(['sec', 'ops']);
  });
});
