import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { installFetchMock, jsonResponse, sessionFor } from '../../../../test-support/mock-fetch';
import { renderRoutes } from '../../../../test-support/render-app';
import { resetApiClientState } from '../../../lib/api-client';
import { resetToastHistory } from '../../../lib/toasts';
import { SCIM_NEEDS_DOMAIN, SCIM_NO_GROUPS, SCIM_TOKEN_ONCE, ScimSection } from './scim-section';

const workspaces = [
  { id: 'ws-1', name: 'Engineering' },
  { id: 'ws-2', name: 'Finance' },
];
const group = {
  id: 'g-1',
  display_name: 'Radar Viewers',
  members: 3,
  workspace_id: null,
  role: null,
};

function serve(initial: { token: { created_at: string } | null; groups: (typeof group)[] }) {
  let settings = initial;
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor({ plan: 'team' })),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/organization/scim': () => jsonResponse(settings),
    'POST /api/organization/scim/token': () => {
      settings = { ...settings, token: { created_at: '2026-11-29T09:00:00.000Z' } };
      return jsonResponse(
        { token: 'scim_owner.secret-shown-once', created_at: '2026-11-29T09:00:00.000Z' },
        201,
      );
    },
    'DELETE /api/organization/scim/token': () => {
      settings = { ...settings, token: null };
      return jsonResponse({ ok: true });
    },
    'PUT /api/organization/scim/groups/g-1': (request) => {
      const body = request.body as { workspace_id: string | null; role: string | null };
      settings = {
        ...settings,
        groups: [{ ...group, workspace_id: body.workspace_id, role: body.role } as typeof group],
      };
      return jsonResponse(settings);
    },
  });
}

const renderSection = (options: { hasVerifiedDomain?: boolean } = {}) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ScimSection
            workspaces={workspaces}
            allowed
            hasVerifiedDomain={options.hasVerifiedDomain ?? true}
            appOrigin="https://radar.example"
          />
        ),
      },
    ],
    '/',
  );

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('ScimSection', () => {
  it('shows the base URL, makes the token once, then regenerates and revokes it', async () => {
    const user = userEvent.setup();
    const { requests } = serve({ token: null, groups: [] });
    renderSection();
    expect(await screen.findByText('No token yet: provisioning is off.')).toBeInTheDocument();
    expect(screen.getByLabelText('SCIM base URL')).toHaveValue('https://radar.example/scim/v2');
    expect(screen.getByText(SCIM_NO_GROUPS)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make SCIM token' }));
    expect(await screen.findByText(SCIM_TOKEN_ONCE)).toBeInTheDocument();
    expect(screen.getByLabelText('SCIM token')).toHaveValue('scim_owner.secret-shown-once');
    expect(await screen.findByText(/Provisioning is on/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Regenerate token' }));
    const regenerate = await screen.findByRole('dialog', { name: 'Regenerate the SCIM token?' });
    await user.click(within(regenerate).getByRole('button', { name: 'Regenerate token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Revoke token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the SCIM token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('No token yet: provisioning is off.')).toBeInTheDocument();
    expect(screen.queryByLabelText('SCIM token')).not.toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/organization/scim/token',
        'DELETE /api/organization/scim/token',
      ]),
    );
  });

  it('asks for a verified domain before a token can be made', async () => {
    serve({ token: null, groups: [] });
    renderSection({ hasVerifiedDomain: false });
    expect(await screen.findByText(SCIM_NEEDS_DOMAIN)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make SCIM token' })).toBeDisabled();
  });

  it('maps a pushed group to a workspace and role', async () => {
    const user = userEvent.setup();
    const { requests } = serve({
      token: { created_at: '2026-11-29T09:00:00.000Z' },
      groups: [group],
    });
    renderSection();
    const row = await screen.findByRole('region', { name: 'Radar Viewers' });
    expect(within(row).getByText('(3 members)')).toBeInTheDocument();
    const save = within(row).getByRole('button', { name: 'Save mapping' });
    expect(save).toBeDisabled();
    await user.click(within(row).getByRole('combobox', { name: 'Workspace' }));
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    await user.click(within(row).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Workspace Manager' }));
    await user.click(save);
    await screen.findByRole('button', { name: 'Save mapping' });
    const mapping = requests.find((request) => request.method === 'PUT');
    expect(mapping?.body).toEqual({ workspace_id: 'ws-2', role: 'workspace_manager' });
  });
});
