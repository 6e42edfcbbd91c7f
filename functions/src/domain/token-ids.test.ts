import { newTokenId, workspaceIdOfToken } from './token-ids';

describe('token ids', () => {
  it('carry the workspace id', () => {
    const id = newTokenId('9f1c0a52-5b7e-4c55-a8f4-1f0e3bb0d1aa');
    expect(workspaceIdOfToken(id)).toBe('9f1c0a52-5b7e-4c55-a8f4-1f0e3bb0d1aa');
    expect(workspaceIdOfToken(newTokenId('ws.with.dots'))).toBe('ws.with.dots');
  });

  it('name no workspace when malformed', () => {
    for (const id of ['plain', '.leading', 'trailing.', '']) {
      expect(workspaceIdOfToken(id)).toBeUndefined();
    }
  });
});
