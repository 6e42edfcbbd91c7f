import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { workspaceOptionLabels } from './workspace-option-labels';

const ws = (
  id: string,
  name: string,
  role: Workspace['role'],
  extra: Partial<Workspace> = {},
): Workspace => ({ id, name, plan: 'team', role, is_frozen: false, ...extra });

describe('workspaceOptionLabels', () => {
  it("names the owner where a repeated name and the user's role still leave two alike", () => {
    const labels = workspaceOptionLabels([
      ws('mine', 'Acme', 'admin', { owner_name: 'Casey Caller' }),
      ws('jane', 'Acme', 'viewer', { owner_name: 'Jane Doe' }),
      ws('john', 'ACME', 'viewer', { owner_name: 'John Roe' }),
      ws('kim', 'Acme', 'workspace_manager', { owner_name: 'Kim Poe' }),
      ws('solo', 'Platform', 'viewer', { owner_name: 'Jane Doe' }),
    ]);
    expect(Object.fromEntries(labels)).toEqual({
      mine: 'Acme (yours)',
      jane: "Acme (Viewer, Jane Doe's)",
      john: "ACME (Viewer, John Roe's)",
      kim: 'Acme (Workspace Manager)',
      solo: 'Platform',
    });
  });

  it('says frozen last, and leaves the owner out when the list does not name one', () => {
    const labels = workspaceOptionLabels(
      [
        ws('jane', 'Acme', 'viewer', { owner_name: 'Jane Doe', is_frozen: true }),
        ws('gone', 'Acme', 'viewer'),
      ],
      { markFrozen: true },
    );
    expect(Object.fromEntries(labels)).toEqual({
      jane: "Acme (Viewer, Jane Doe's, frozen)",
      gone: 'Acme (Viewer)',
    });
  });

  it('sets a right-to-left name apart from the notes after it', () => {
    const labels = workspaceOptionLabels([
      ws('mine', 'فريق', 'admin'),
      ws('theirs', 'فريق', 'viewer', { owner_name: 'דנה' }),
      ws('other', 'فريق', 'viewer', { owner_name: 'Jane Doe' }),
    ]);
    expect(Object.fromEntries(labels)).toEqual({
      mine: '\u2068فريق\u2069 (yours)',
      theirs: "\u2068فريق\u2069 (Viewer, \u2068דנה\u2069's)",
      other: "\u2068فريق\u2069 (Viewer, Jane Doe's)",
    });
  });
});
