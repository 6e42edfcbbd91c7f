import { sameWorkspaceName, workspaceNameKey } from './workspace-names';

describe('workspace name keys', () => {
  it.each([
    ['Client Acme', 'client acme'],
    ['Client Acme', ' CLIENT\tacme  '],
    ['Café', 'Cafe\u0301'],
    ['ÄRGER', 'ärger'],
  ])('treats %p and %p as one name', (a, b) => {
    expect(sameWorkspaceName(a, b)).toBe(true);
  });

  it.each([
    ['Client Acme', 'Client Acme 2'],
    ['Client Acme', 'ClientAcme'],
    ['Ops', 'Op s'],
  ])('tells %p and %p apart', (a, b) => {
    expect(sameWorkspaceName(a, b)).toBe(false);
  });

  it.each(['Client Acme', '  Ops\n Team ', 'ÉQUIPE', 'x'.repeat(100)])(
    'gives %p one key, whatever its case, also for its own key',
    (name) => {
      const key = workspaceNameKey(name);
      expect(workspaceNameKey(key)).toBe(key);
      expect(workspaceNameKey(name.toUpperCase())).toBe(workspaceNameKey(name.toLowerCase()));
    },
  );
});
