import type { ContactGroup } from './alert-channels';
import { getsTokenAlerts, linkRightsRefusal, type LinkRecipient } from './alert-link-rights';

const member = (overrides: Partial<Extract<LinkRecipient, { kind: 'member' }>> = {}) =>
  ({
    kind: 'member',
    role: 'workspace_manager',
    lacksTwoFactor: false,
    workspaceFrozen: false,
    ...overrides,
  }) as const;

const reasonOf = (recipient: LinkRecipient, action: 'acknowledge' | 'snooze' | 'renewed') =>
  linkRightsRefusal(recipient, action)?.reason ?? null;

describe('alert link rights', () => {
  it("holds a member to the app's rule for the action, as they are now", () => {
    for (const action of ['acknowledge', 'snooze', 'renewed'] as const) {
      expect(reasonOf(member(), action)).toBeNull();
      expect(reasonOf(member({ role: 'admin' }), action)).toBeNull();
      expect(reasonOf(member({ role: 'viewer' }), action)).toBe('read_only');
      expect(reasonOf(member({ lacksTwoFactor: true }), action)).toBe('two_factor_required');
      expect(reasonOf(member({ workspaceFrozen: true }), action)).toBe('frozen');
      expect(reasonOf({ kind: 'not_member' }, action)).toBe('not_member');
      expect(reasonOf({ kind: 'webhook' }, action)).toBeNull();
    }
    expect(linkRightsRefusal(member({ role: 'viewer' }), 'snooze')?.message).toBe(
      "You can no longer snooze this token's alerts: viewers have read-only access.",
    );
  });

  it('lets an address act only while it still gets the token’s alerts', () => {
    expect(reasonOf({ kind: 'address', getsAlerts: true }, 'renewed')).toBeNull();
    expect(reasonOf({ kind: 'address', getsAlerts: false }, 'acknowledge')).toBe('not_recipient');
  });

  it("finds an address in the token's contact groups and their escalation, in any case", () => {
    const group = (id: string, emails: string[], escalateTo?: string): ContactGroup => ({
      id,
      name: id,
      emails,
      webhook_names: [],
      ...(escalateTo ? { escalation: { group_id: escalateTo, delay_hours: 24 } } : {}),
    });
    const settings = {
      contact_groups: [
        group('ops', ['Oncall@Partner.example'], 'leads'),
        group('leads', ['lead@partner.example']),
        group('sec', ['sec@partner.example']),
        group('web', ['web@partner.example']),
      ],
      default_contact_group_id: 'web',
    };
    const token = { contact_group_id: 'ops', additional_contact_group_ids: ['sec'] };
    const gets = (address: string, plan: 'team' | 'free' = 'team') =>
      getsTokenAlerts(settings, token, plan, address);
    expect(gets('oncall@partner.example')).toBe(true);
    expect(gets('lead@partner.example')).toBe(true);
    expect(gets('sec@partner.example')).toBe(true);
    expect(gets('web@partner.example')).toBe(false);
    // Without contact groups in the plan, no group's address gets the token's alerts.
    expect(gets('oncall@partner.example', 'free')).toBe(false);
    expect(
      getsTokenAlerts(
        settings,
        { contact_group_id: null, additional_contact_group_ids: [] },
        'team',
        'web@partner.example',
      ),
    ).toBe(true);
  });
});
