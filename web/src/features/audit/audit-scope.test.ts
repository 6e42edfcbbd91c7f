import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { availableScopes, effectiveScope, exportQuery, startOfLocalDay } from './audit-scope';

const ws = (id: string, role: Workspace['role']): Workspace => ({
  id,
  name: id,
  plan: 'team',
  role,
  is_frozen: false,
});

describe('audit scopes', () => {
  it('follows the server: workspace for admins and managers, organization for owners', () => {
    const owned = ws('a', 'admin');
    const managed = ws('b', 'workspace_manager');
    const viewed = ws('c', 'viewer');
    expect(availableScopes({ selected: owned, allWorkspaces: [owned] })).toEqual([
      'workspace',
      'own',
      'organization',
    ]);
    expect(availableScopes({ selected: managed, allWorkspaces: [managed, viewed] })).toEqual([
      'workspace',
      'own',
    ]);
    expect(availableScopes({ selected: viewed, allWorkspaces: [viewed, owned] })).toEqual([
      'own',
      'organization',
    ]);
    expect(availableScopes({ selected: null, allWorkspaces: [] })).toEqual(['own']);
  });

  it('keeps the chosen scope while it is available', () => {
    expect(effectiveScope(null, ['workspace', 'own'])).toBe('workspace');
    expect(effectiveScope('own', ['workspace', 'own'])).toBe('own');
    expect(effectiveScope('workspace', ['own'])).toBe('own');
  });

  it('sends a date as the start of that day in the browser zone', () => {
    expect(startOfLocalDay('2026-03-04')).toBe(new Date(2026, 2, 4, 0, 0, 0).toISOString());
    expect(new Date(startOfLocalDay('2026-03-04')).getDate()).toBe(4);
    expect(startOfLocalDay('soon')).toBe('soon');
  });

  it('builds the export query of each scope', () => {
    expect(exportQuery({ scope: 'workspace', workspaceId: 'a', format: 'csv', since: '' })).toEqual(
      { format: 'csv', scope: undefined, workspace_id: 'a', since: undefined },
    );
    expect(
      exportQuery({ scope: 'organization', workspaceId: 'a', format: 'json', since: '2026-01-01' }),
    ).toEqual({
      format: 'json',
      scope: 'organization',
      workspace_id: undefined,
      since: new Date(2026, 0, 1).toISOString(),
    });
    expect(exportQuery({ scope: 'own', workspaceId: null, format: 'json', since: ' ' })).toEqual({
      format: 'json',
      scope: undefined,
      workspace_id: undefined,
      since: undefined,
    });
  });
});
