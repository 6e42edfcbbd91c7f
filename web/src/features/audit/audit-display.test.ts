import {
  actionLabel,
  actorLabel,
  metadataEntries,
  retentionText,
  targetLabel,
  workspaceLabel,
} from './audit-display';

describe('audit display', () => {
  it.each([
    ['token.created', 'Token created'],
    ['member.role_updated', 'Member role changed'],
    ['alert_settings.signing_secret_rotated', 'Webhook signing secret rotated'],
    ['future.thing_happened', 'Future thing happened'],
  ])('action %s reads "%s"', (action, label) => {
    expect(actionLabel(action)).toBe(label);
  });

  it('names actors: the user, others, the system, Stripe and deleted accounts', () => {
    expect(actorLabel({ id: 'u1', email: 'ada@example.com' }, 'u1')).toBe('ada@example.com (you)');
    expect(actorLabel({ id: 'u2', email: 'grace@example.com' }, 'u1')).toBe('grace@example.com');
    expect(actorLabel({ id: 'u3', email: null }, 'u1')).toBe('u3');
    expect(actorLabel({ id: 'system', email: null }, 'u1')).toBe('System');
    expect(actorLabel({ id: 'stripe', email: null }, 'u1')).toBe('Stripe');
    expect(actorLabel({ id: 'deleted-user', email: null }, 'u1')).toBe('Deleted user');
  });

  it('names targets from their metadata, else by a short id', () => {
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
    expect(targetLabel({ target_type: 'token', target_id: id, metadata: {} })).toBe(
      'Token …1b2c3d4e',
    );
    expect(
      targetLabel({ target_type: 'token', target_id: id, metadata: { type: 'api_key' } }),
    ).toBe('Token (API Key) …1b2c3d4e');
    expect(targetLabel({ target_type: 'user', target_id: 'short', metadata: {} })).toBe(
      'Account short',
    );
  });

  it('names workspaces the user knows', () => {
    const workspaces = [{ id: 'ws-1', name: 'Main' }];
    expect(workspaceLabel('ws-1', workspaces)).toBe('Main');
    expect(workspaceLabel('ws-2', workspaces)).toBe('ws-2');
    expect(workspaceLabel(null, workspaces)).toBe('—');
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

  it('lists metadata with objects as JSON', () => {
    expect(metadataEntries({ to: 'b', alerts: 2, ids: ['a'], nested: { x: true } })).toEqual([
      ['to', 'b'],
      ['alerts', '2'],
      ['ids', '["a"]'],
      ['nested', '{"x":true}'],
    ]);
  });
});
