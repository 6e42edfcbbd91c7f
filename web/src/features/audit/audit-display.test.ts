import {
  actionLabel,
  actorLabel,
  changeSummary,
  detailLabel,
  eventActorLabel,
  metadataEntries,
  retentionText,
  targetLabel,
  workspaceLabel,
} from './audit-display';

describe('audit display', () => {
  it.each([
    ['token.created', 'Token created'],
    ['member.role_updated', 'Member role changed'],
    ['tokens.imported', 'Tokens imported'],
    ['alert_settings.signing_secret_rotated', 'Webhook signing secret rotated'],
    ['token.expiry_corrected', 'Expiry corrected from the registry'],
    ['trusted_ca.added', 'Certificate authority trusted'],
    ['trusted_ca.removed', 'Certificate authority removed'],
    ['scim.user_deactivated', 'Person deactivated (SCIM)'],
    ['future.thing_happened', 'Future thing happened'],
  ])('action %s reads "%s"', (action, label) => {
    expect(actionLabel(action)).toBe(label);
  });

  it('names actors: the user, others, the system, Stripe and deleted accounts', () => {
    expect(actorLabel({ id: 'u1', email: 'ada@example.com' }, 'u1')).toBe('ada@example.com (you)');
    expect(actorLabel({ id: 'u2', email: 'grace@example.com' }, 'u1')).toBe('grace@example.com');
    expect(actorLabel({ id: 'u3', email: null }, 'u1')).toBe('Unknown user');
    expect(actorLabel({ id: 'system', email: null }, 'u1')).toBe('System');
    expect(actorLabel({ id: 'stripe', email: null }, 'u1')).toBe('Stripe');
    expect(actorLabel({ id: 'deleted-user', email: null }, 'u1')).toBe('Deleted user');
    expect(actorLabel({ id: 'scim', email: null }, 'u1')).toBe('Identity provider (SCIM)');
  });

  it('names targets by the name the event kept: tokens, members by address', () => {
    const id = '0f8c2a55-8b1e-4c59-9a3d-6f7e1b2c3d4e';
    expect(
      targetLabel({
        target_type: 'token',
        target_id: id,
        target_name: 'Deploy key',
        metadata: { type: 'api_key' },
      }),
    ).toBe('Token (API Key) Deploy key');
    expect(
      targetLabel({
        target_type: 'member',
        target_id: id,
        target_name: 'grace@example.com',
        metadata: {},
      }),
    ).toBe('Member grace@example.com');
  });

  it('names a trusted certificate authority by its subject, with its fingerprint in the details', () => {
    const event = {
      action: 'trusted_ca.added',
      target_type: 'trusted_ca',
      target_id: 'ab'.repeat(32),
      target_name: 'CN=Internal Root CA, O=Acme',
      metadata: { fingerprint_sha256: 'AB:CD', not_after: '2035-01-01T00:00:00.000Z' },
    };
    expect(targetLabel(event)).toBe('Certificate authority CN=Internal Root CA, O=Acme');
    expect(metadataEntries(event)).toEqual([
      ['SHA-256 fingerprint', 'AB:CD'],
      ['Valid until', '2035-01-01T00:00:00.000Z'],
    ]);
  });

  it('names older targets from their metadata, else by their kind only (never an id)', () => {
    const id = '0f8c2a55-8b1e-4c59-9a3d-6f7e1b2c3d4e';
    expect(
      targetLabel({ target_type: 'workspace', target_id: id, metadata: { name: 'Main' } }),
    ).toBe('Workspace Main');
    expect(
      targetLabel({ target_type: 'workspace', target_id: id, metadata: { from: 'A', to: 'B' } }),
    ).toBe('Workspace B');
    expect(
      targetLabel({ target_type: 'invitation', target_id: id, metadata: { email: 'x@y.z' } }),
    ).toBe('Invitation x@y.z');
    expect(
      targetLabel({ target_type: 'token', target_id: id, target_name: null, metadata: {} }),
    ).toBe('Token');
    expect(
      targetLabel({ target_type: 'token', target_id: id, metadata: { type: 'api_key' } }),
    ).toBe('Token (API Key)');
    expect(targetLabel({ target_type: 'user', target_id: 'short', metadata: {} })).toBe('Account');
  });

  it('names workspaces the user knows, else the name the event kept, never an id', () => {
    const workspaces = [{ id: 'ws-1', name: 'Main' }];
    expect(workspaceLabel('ws-1', workspaces)).toBe('Main');
    expect(workspaceLabel('ws-2', workspaces)).toBe('Workspace no longer available');
    expect(
      workspaceLabel('ws-2', workspaces, {
        target_type: 'workspace',
        target_id: 'ws-2',
        target_name: 'Old client',
      }),
    ).toBe('Old client');
    expect(workspaceLabel(null, workspaces)).toBe('—');
  });

  it.each([
    ['account.plan_changed', { from: 'free', to: 'pro' }, 'Free → Pro'],
    ['workspace.plan_changed', { from: 'team', to: 'free', frozen: true }, 'Team → Free, frozen'],
    [
      'workspace.plan_changed',
      { from: 'free', to: 'pro', frozen: false, wasFrozen: true },
      'Free → Pro, unfrozen',
    ],
    [
      'workspace.plan_changed',
      { from: 'free', to: 'pro', frozen: false, wasFrozen: false },
      'Free → Pro',
    ],
    [
      'member.role_updated',
      { from: 'viewer', to: 'workspace_manager' },
      'Viewer → Workspace Manager',
    ],
    ['workspace.renamed', { from: 'Old', to: 'New' }, 'Old → New'],
    [
      'token.renewed',
      { previousExpiresAt: '2026-01-01', expiresAt: '2027-01-01' },
      '2026-01-01 → 2027-01-01',
    ],
    [
      'token.expiry_corrected',
      { previousExpiresAt: '2027-11-01', expiresAt: '2026-12-19' },
      '2027-11-01 → 2026-12-19',
    ],
    ['token.updated', { fields: ['name', 'notes'] }, 'Changed: Name, Notes'],
    [
      'token.updated',
      { fields: ['owner_id', 'additional_contact_group_ids', 'registration', 'someNewField'] },
      'Changed: Owner, Also alert, Domain to follow, Some new field',
    ],
    ['account.updated', { fields: ['password'] }, 'Changed: Password'],
    [
      'member.removed',
      { role: 'viewer', reason: 'account_deleted' },
      'Left: their account was deleted',
    ],
    ['member.removed', { role: 'viewer' }, null],
    [
      'member.removed',
      { role: 'viewer', tokensHandedOver: 2, successor: 'bob@example.com' },
      '2 tokens to bob@example.com',
    ],
    [
      'member.removed',
      { role: 'viewer', reason: 'account_deleted', tokensHandedOver: 1, successor: null },
      'Left: their account was deleted; 1 token left without an owner',
    ],
    ['member.removed', { role: 'viewer', tokensHandedOver: 0, successor: null }, null],
    [
      'tokens.transferred',
      {
        from_workspace_name: 'Old',
        to_workspace_name: 'New',
        tokens: [
          { id: 't1', from_id: 't0', name: 'A' },
          { id: 't2', from_id: 't3', name: 'B' },
        ],
      },
      '2 tokens from Old to New: A, B',
    ],
    [
      'tokens.imported',
      { rows: 12, created: 8, updated: 1, unchanged: 1, invalid: 1, duplicates: 1, refused: 0 },
      '12 rows sent: 8 created, 1 updated, 1 unchanged, 2 not imported',
    ],
    [
      'tokens.imported',
      { rows: 132, created: 132, updated: 0, unchanged: 0, invalid: 0, duplicates: 0, refused: 0 },
      '132 rows sent: 132 created, 0 updated, 0 unchanged',
    ],
    ['member.invited', { email: 'x@y.z', role: 'viewer' }, 'As Viewer'],
    ['workspace.ownership_transferred', { to_email: 'heir@y.z' }, 'To heir@y.z'],
    [
      'workspace.ownership_transferred',
      { from_email: 'ada@y.z', to_email: 'heir@y.z', reason: 'transferred_by_owner' },
      'From ada@y.z to heir@y.z',
    ],
    ['token.created', { category: 'cert' }, null],
  ])('sums up %s as %p', (action, metadata, summary) => {
    expect(changeSummary({ action, metadata })).toBe(summary);
  });

  it('labels every detail key, known or not', () => {
    expect(detailLabel('account.plan_changed', 'from')).toBe('Previous plan');
    expect(detailLabel('account.plan_changed', 'to')).toBe('New plan');
    expect(detailLabel('workspace.renamed', 'from')).toBe('Previous name');
    expect(detailLabel('alert.retried', 'from')).toBe('From');
    expect(detailLabel('token.renewed', 'previousExpiresAt')).toBe('Previous expiry date');
    expect(detailLabel('x.y', 'someNewKey')).toBe('Some new key');
    expect(detailLabel('x.y', 'to_be_named')).toBe('To be named');
  });

  it.each([
    [30, '30 days'],
    [90, '90 days'],
    [365, '1 year'],
    [2555, '7 years'],
    [1, '1 day'],
  ])('retention %i reads "%s"', (days, text) => {
    expect(retentionText(days)).toBe(text);
  });

  it('lists metadata with labels: plans and roles by name, lists in words, objects as JSON', () => {
    expect(
      metadataEntries({
        action: 'account.plan_changed',
        metadata: { from: 'free', to: 'pro', source: 'local', frozenWorkspaceIds: [] },
      }),
    ).toEqual([
      ['Previous plan', 'Free'],
      ['New plan', 'Pro'],
      ['Source', 'local'],
      ['Frozen workspace ids', 'None'],
    ]);
    expect(
      metadataEntries({
        action: 'future.thing',
        metadata: { to: 'b', alerts: 2, ids: ['a', 'b'], nested: { x: true }, ok: false },
      }),
    ).toEqual([
      ['To', 'b'],
      ['Alerts', '2'],
      ['Ids', 'a, b'],
      ['Nested', '{"x":true}'],
      ['Ok', 'No'],
    ]);
  });

  it('names the API key an actor acted with, in the actor and the details', () => {
    const event = {
      action: 'token.created',
      actor: { id: 'u1', email: 'ada@example.com' },
      metadata: { api_key: { id: 'key-1', name: 'CI' }, type: 'api_key' },
    };
    expect(eventActorLabel(event, 'u1')).toBe('ada@example.com (you) with API key “CI”');
    expect(eventActorLabel({ ...event, metadata: {} }, 'u1')).toBe('ada@example.com (you)');
    expect(eventActorLabel({ ...event, action: 'account.api_key_created' }, 'u1')).toBe(
      'ada@example.com (you)',
    );
    expect(metadataEntries(event)[0]).toEqual(['API key', 'CI (key-1)']);
    const rightToLeft = { ...event, metadata: { api_key: { id: 'key-2', name: 'מפתח' } } };
    expect(metadataEntries(rightToLeft)[0]).toEqual(['API key', '\u2068מפתח\u2069 (key-2)']);
  });
});
