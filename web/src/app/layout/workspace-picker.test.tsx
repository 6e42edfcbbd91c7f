import { render, screen, within } from '@testing-library/react';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { WorkspacePicker } from './workspace-picker';

const ws = (id: string, name: string, role: Workspace['role']): Workspace => ({
  id,
  name,
  plan: 'pro',
  role,
  is_frozen: false,
});

const optionTexts = () =>
  within(screen.getByRole('combobox', { name: 'Workspace' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('WorkspacePicker', () => {
  it('says whose each workspace is where names repeat, and leaves unique names alone', () => {
    const workspaces = [
      ws('w1', 'Personal', 'admin'),
      ws('w2', 'PERSONAL', 'viewer'),
      ws('w3', 'Platform Team', 'workspace_manager'),
      ws('w4', 'Personal', 'workspace_manager'),
    ];
    render(
      <WorkspacePicker
        workspaces={workspaces}
        selected={workspaces[1]!}
        state={{ visible: true, loading: false, disabled: false, hint: null }}
        onSelect={() => undefined}
      />,
    );
    expect(optionTexts()).toEqual([
      'Personal (yours)',
      'PERSONAL (Viewer)',
      'Platform Team',
      'Personal (Workspace Manager)',
    ]);
    const picker = screen.getByRole('combobox', { name: 'Workspace' });
    expect(picker).toHaveDisplayValue('PERSONAL (Viewer)');
    // Squeezed in the top bar, the label may end in "…": it reads in full as the title.
    expect(picker).toHaveAttribute('title', 'PERSONAL (Viewer)');
  });
});
