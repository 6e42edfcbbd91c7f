import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import {
  INTEGRATION_MESSAGES,
  type Integration,
  type SyncReport,
} from '@expiry-radar/shared/api/integration-api-schemas';
import {
  installFetchMock,
  jsonResponse,
  sessionFor,
  type RouteHandler,
} from '../../../test-support/mock-fetch';
import { renderRoutes } from '../../../test-support/render-app';
import { tokenFixture } from '../../../test-support/token-fixtures';
import { resetApiClientState } from '../../lib/api-client';
import { GCP_FEDERATION_HELP, GCP_HELP } from './components/integration-dialog';
import { INTEGRATIONS_MESSAGES, IntegrationsPage } from './integrations-page';

const LIST = '/api/v1/workspaces/ws-1/integrations';

const gitlab: Integration = {
  id: 'int-1',
  workspace_id: 'ws-1',
  kind: 'gitlab',
  name: 'Company GitLab',
  schedule: 'daily',
  enabled: true,
  settings: { base_url: 'https://gitlab.example.com', project_ids: ['42'], group_ids: [] },
  rules: { include: [], exclude: [], removed: 'mark', delete_after_days: 30 },
  has_credentials: true,
  last_sync: {
    at: '2026-11-20T06:00:00.000Z',
    created: 3,
    updated: 1,
    removed: 2,
    errors: ['Group 7 could not be read (403).'],
  },
  paused: false,
  syncing_since: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-20T06:00:00.000Z',
};

const preview: SyncReport = {
  dry_run: true,
  created: 1,
  updated: 0,
  removed: 0,
  deleted: 0,
  unchanged: 0,
  renewed: 0,
  errors: [],
  changes: [
    {
      action: 'create',
      external_id: 'pat:1',
      name: 'GitLab personal access token: ci',
      type: 'api_key',
      expires_at: '2027-01-15',
    },
  ],
  link_candidates: [
    {
      token_id: 'tok-9',
      name: 'GitLab personal access token: deploy',
      type: 'api_key',
      external_id: 'pat:2',
    },
  ],
  found: [
    { external_id: 'pat:1', name: 'GitLab personal access token: ci', type: 'api_key', kept: true },
  ],
};

const DEFAULT_RULES = { include: [], exclude: [], removed: 'mark', delete_after_days: 30 };

function serve(
  options: {
    role?: string;
    items?: Integration[];
    limit?: number | null;
    /** The list as each read finds it (a sync going on in the background). */
    listed?: () => Integration[];
    routes?: Record<string, RouteHandler>;
  } = {},
) {
  let items = options.items ?? [];
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor({ plan: 'pro' })),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 't' }),
    'GET /api/v1/workspaces': () =>
      jsonResponse({
        items: [
          {
            id: 'ws-1',
            name: 'Main',
            plan: 'pro',
            role: options.role ?? 'admin',
            is_frozen: false,
          },
        ],
      }),
    [`GET ${LIST}`]: () =>
      jsonResponse({
        items: options.listed?.() ?? items,
        limit: options.limit === undefined ? 5 : options.limit,
        aws_external_id: 'expiry-radar-ws-1',
        aws_trusted_account_id: '111122223333',
        gcp_federation_subject:
          'arn:aws:sts::111122223333:assumed-role/ExpiryRadarData-GcpFederationRole/expiry-radar-ws-1',
      }),
    [`POST ${LIST}`]: (request) => {
      const body = request.body as { name: string; kind: Integration['kind'] };
      const created: Integration = {
        ...gitlab,
        id: 'int-2',
        name: body.name,
        kind: body.kind,
        enabled: false,
        last_sync: null,
      };
      items = [...items, created];
      return jsonResponse(created, 201);
    },
    [`PATCH ${LIST}/int-1`]: () => jsonResponse(gitlab),
    [`PATCH ${LIST}/int-3`]: () => jsonResponse({ ...gitlab, id: 'int-3', enabled: true }),
    [`POST ${LIST}/int-3/sync`]: () =>
      jsonResponse({
        ...preview,
        dry_run: false,
        created: 0,
        updated: 2,
        renewed: 1,
        changes: [],
        state: 'done',
      }),
    [`DELETE ${LIST}/int-3`]: () => jsonResponse({ ok: true }),
    [`POST ${LIST}/int-2/preview`]: () => jsonResponse(preview),
    [`POST ${LIST}/int-1/preview`]: () =>
      jsonResponse({
        ...preview,
        partial: { previewed: 3, message: 'Previewed the first 3 items; the sync reads the rest.' },
        found: [
          { external_id: 'pat:1', name: 'prod deploy', type: 'api_key', kept: true },
          { external_id: 'pat:2', name: 'prod sandbox', type: 'api_key', kept: true },
          { external_id: 'project:9:3', name: 'staging', type: 'api_key', kept: true },
        ],
      }),
    [`POST ${LIST}/int-2/links`]: () =>
      jsonResponse(
        tokenFixture({
          id: 'tok-9',
          source: {
            kind: 'gitlab',
            integration_id: 'int-2',
            external_id: 'pat:2',
            removed_at: null,
          },
        }),
      ),
    ...options.routes,
  });
}

function renderPage() {
  renderRoutes(
    [{ path: '/integrations', element: <IntegrationsPage /> }],
    '/integrations?workspace=ws-1',
  );
}

/** Pastes the text into the field (typing it key by key is slow in jsdom). */
async function fill(user: UserEvent, element: HTMLElement, text: string): Promise<void> {
  await user.click(element);
  await user.paste(text);
}

beforeEach(() => resetApiClientState());

describe('integrations page', () => {
  it('lists each integration with its kind, schedule, state and last sync, against the plan limit', async () => {
    serve({ items: [gitlab] });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Company GitLab' });
    expect(within(card).getByText('GitLab')).toBeVisible();
    expect(within(card).getByText('Daily')).toBeVisible();
    expect(within(card).getByText('Enabled')).toBeVisible();
    expect(within(card).getByText(/3 created, 1 updated, 2 removed, 1 error/)).toBeVisible();
    expect(within(card).getByText('Group 7 could not be read (403).')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Sync now' })).toBeEnabled();
    expect(screen.getByText('1 of 5 integrations')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  });

  it('marks an integration a downgrade paused, and keeps it from syncing with the reason', async () => {
    serve({
      items: [
        gitlab,
        { ...gitlab, id: 'int-3', name: 'Old Vault', kind: 'vault', paused: true },
        { ...gitlab, id: 'int-4', name: 'New GitLab', enabled: false, paused: true },
      ],
      limit: 1,
    });
    renderPage();
    const kept = await screen.findByRole('article', { name: 'Company GitLab' });
    expect(within(kept).queryByText("Paused (over your plan's limit)")).toBeNull();
    expect(within(kept).getByRole('button', { name: 'Sync now' })).toBeEnabled();

    const paused = screen.getByRole('article', { name: 'Old Vault' });
    expect(within(paused).getByText("Paused (over your plan's limit)")).toBeVisible();
    const syncNow = within(paused).getByRole('button', { name: 'Sync now' });
    expect(syncNow).toBeDisabled();
    expect(syncNow).toHaveAccessibleDescription(
      "Your workspace's plan allows fewer integrations than it has: the oldest ones sync. Delete one of them or upgrade to sync this one again.",
    );
    expect(within(paused).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(paused).getByRole('button', { name: 'Delete' })).toBeEnabled();

    const pausedOff = screen.getByRole('article', { name: 'New GitLab' });
    for (const name of ['Preview', 'Enable and sync']) {
      expect(within(pausedOff).getByRole('button', { name })).toBeDisabled();
    }
  });

  it('explains discovery when there is none, and disables Add at the limit with the reason', async () => {
    serve({ items: [], limit: 0 });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Find tokens instead of typing them in' }),
    ).toBeVisible();
    const add = screen.getByRole('button', { name: 'Add integration' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      'Your plan allows 0 integrations per workspace. Remove one or upgrade your plan to add another.',
    );
  });

  it('adds a GitLab integration disabled, shows its preview and links a candidate', async () => {
    const { requests } = serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add integration' });
    await fill(user, within(dialog).getByLabelText(/^Name\s*\*?$/), 'Our GitLab');
    const url = within(dialog).getByLabelText('GitLab URL');
    await user.clear(url);
    await fill(user, url, 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Add and preview' }));
    // Field errors show at their fields, from the shared schemas; nothing is sent.
    expect(await within(dialog).findByText('URL must be a valid http(s) URL')).toBeVisible();
    expect(within(dialog).getByText('Token is required')).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(url);
    await fill(user, url, 'https://gitlab.example.com/');
    await fill(user, within(dialog).getByLabelText('Project ids'), '42, group/app');
    await fill(user, within(dialog).getByLabelText(/^Access token/), 'glpat-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Add and preview' }));

    const card = await screen.findByRole('article', { name: 'Our GitLab' });
    const create = requests.find((r) => r.method === 'POST' && r.path === LIST);
    expect(create?.body).toEqual({
      kind: 'gitlab',
      name: 'Our GitLab',
      schedule: 'daily',
      enabled: false,
      rules: DEFAULT_RULES,
      settings: {
        base_url: 'https://gitlab.example.com',
        project_ids: ['42', 'group/app'],
        group_ids: [],
      },
      credentials: { token: 'glpat-secret' },
    });
    const report = await within(card).findByRole('region', { name: 'Preview' });
    expect(within(report).getByText(/A first sync would do this: 1 created/)).toBeVisible();
    expect(within(report).getByText('New: GitLab personal access token: ci')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Enable and sync' })).toBeEnabled();

    await user.click(
      within(report).getByRole('button', { name: 'Link GitLab personal access token: deploy' }),
    );
    await waitFor(() =>
      expect(requests.find((r) => r.path === `${LIST}/int-2/links`)?.body).toEqual({
        token_id: 'tok-9',
        external_id: 'pat:2',
      }),
    );
    expect(
      await within(report).findByRole('button', {
        name: 'GitLab personal access token: deploy linked',
      }),
    ).toBeDisabled();
  });

  it('on edit, credentials show stored and are sent only when typed', async () => {
    const { requests } = serve({ items: [gitlab] });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Company GitLab' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Company GitLab' });
    expect(within(dialog).getByText('Stored. Type a new value to replace it.')).toBeVisible();
    await fill(user, within(dialog).getByLabelText(/^Name\s*\*?$/), ' (prod)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({
      name: 'Company GitLab (prod)',
      schedule: 'daily',
      rules: DEFAULT_RULES,
      settings: { base_url: 'https://gitlab.example.com', project_ids: ['42'], group_ids: [] },
    });
  });

  it('on edit, tests the rules against the items of a preview as they are typed, and saves them', async () => {
    const { requests } = serve({ items: [gitlab] });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Company GitLab' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Company GitLab' });
    await user.click(within(dialog).getByRole('button', { name: 'Load items from a preview' }));
    const tested = await within(dialog).findByRole('region', {
      name: 'Rules tested against the last preview',
    });
    expect(
      within(tested).getByText('Tested against the last preview: 3 of 3 items kept.'),
    ).toBeVisible();
    // A source too large to read within the request: the rules are tested on what was read.
    expect(
      within(tested).getByText('Previewed the first 3 items; the sync reads the rest.'),
    ).toBeVisible();

    await fill(user, within(dialog).getByLabelText('Include patterns'), '^PROD');
    await fill(user, within(dialog).getByLabelText('Exclude patterns'), 'sandbox\n(a+)+');
    expect(
      within(tested).getByText('Tested against the last preview: 1 of 3 items kept.'),
    ).toBeVisible();
    expect(within(tested).getByText('Include ^PROD: matches 2')).toBeVisible();
    expect(within(tested).getByText('prod deploy, prod sandbox')).toBeVisible();
    expect(within(tested).getByText('Exclude sandbox: matches 1')).toBeVisible();
    expect(
      within(tested).getByText(/^Exclude \(a\+\)\+: The pattern \(a\+\)\+ repeats a group/),
    ).toBeVisible();
    expect(within(tested).getByText('Dropped: prod sandbox, staging.')).toBeVisible();

    // A refused pattern is shown at its field and not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(/repeats a group that itself repeats/, {
        selector: 'p',
      }),
    ).toBeVisible();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    const excludeField = within(dialog).getByLabelText('Exclude patterns');
    await user.clear(excludeField);
    await fill(user, excludeField, 'sandbox');
    await user.click(within(dialog).getByLabelText('When an item disappears at the source'));
    await user.click(await screen.findByRole('option', { name: 'Delete it after some days' }));
    const days = within(dialog).getByLabelText('Delete after (days)');
    await user.clear(days);
    await fill(user, days, '14');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      rules: { include: ['^PROD'], exclude: ['sandbox'], removed: 'delete', delete_after_days: 14 },
    });
  });

  it('on edit, a new GitLab URL needs the token typed again', async () => {
    const { requests } = serve({ items: [gitlab] });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Company GitLab' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Company GitLab' });
    const url = within(dialog).getByLabelText(/^GitLab URL/);
    await user.clear(url);
    await fill(user, url, 'https://gitlab.elsewhere.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Enter the credentials again to change the GitLab URL: stored credentials are only sent where they were entered for',
      ),
    ).toBeVisible();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await fill(user, within(dialog).getByLabelText(/^Access token/), 'glpat-typed-again');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      settings: { base_url: 'https://gitlab.elsewhere.example' },
      credentials: { token: 'glpat-typed-again' },
    });
  });

  it('shows the AWS role to set up: external id, template and CDK snippet', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add integration' });
    await user.click(within(dialog).getByLabelText('Kind'));
    await user.click(await screen.findByRole('option', { name: 'AWS' }));
    const panel = within(dialog).getByRole('region', {
      name: 'Set up the role in your AWS account',
    });
    expect(within(panel).getByText('expiry-radar-ws-1')).toBeVisible();
    // The account the role trusts is the deployment's own: shown, never asked for.
    expect(within(panel).getByText(/^Account to trust/)).toHaveTextContent(
      "Account to trust (Expiry Radar's own): 111122223333",
    );
    expect(within(panel).getByRole('button', { name: 'Copy account id' })).toBeVisible();
    expect(within(dialog).queryByLabelText(/account id/i)).not.toBeInTheDocument();
    const template = within(panel).getByRole('region', { name: 'CloudFormation template' });
    expect(template).toHaveTextContent('"sts:ExternalId": "expiry-radar-ws-1"');
    expect(template).toHaveTextContent('111122223333');
    expect(within(panel).getByRole('region', { name: 'CDK snippet' })).toHaveTextContent(
      'ExpiryRadarDiscoveryStack',
    );
    expect(
      within(panel).getByRole('button', { name: 'Download expiry-radar-discovery-role.json' }),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Access key maximum age (days)')).toHaveValue(90);
  });

  it('enables and syncs a disabled integration, shows the report, and deletes after asking', async () => {
    const disabled = {
      ...gitlab,
      id: 'int-3',
      name: 'New GitLab',
      enabled: false,
      last_sync: null,
    };
    const { requests } = serve({ items: [disabled] });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'New GitLab' });
    expect(within(card).getByText('Never synced.')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Enable and sync' }));
    const report = await within(card).findByRole('region', { name: 'Last sync report' });
    expect(
      within(report).getByText(
        'Synced: 0 created, 2 updated (1 renewed), 0 removed at source, 0 unchanged.',
      ),
    ).toBeVisible();
    const writes = requests
      .filter((r) => r.method !== 'GET')
      .map((r) => [r.method, r.path, r.body]);
    expect(writes.slice(0, 2)).toEqual([
      ['PATCH', `${LIST}/int-3`, { enabled: true }],
      ['POST', `${LIST}/int-3/sync`, undefined],
    ]);

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete New GitLab?' });
    expect(confirm).toHaveAccessibleDescription(/The tokens it found stay/);
    await user.click(within(confirm).getByRole('button', { name: 'Delete integration' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === `${LIST}/int-3`)).toBe(true),
    );
  });

  it('shows a sync too large for its request as syncing until its result arrives', async () => {
    let synced = false;
    let reads = 0;
    const { requests } = serve({
      listed: () => {
        if (!synced) return [gitlab];
        reads += 1;
        // Read once while it runs in the background, then with its outcome.
        return reads === 1
          ? [{ ...gitlab, syncing_since: '2026-11-21T09:00:00.000Z' }]
          : [{ ...gitlab, last_sync: { ...gitlab.last_sync!, created: 40, errors: [] } }];
      },
      routes: {
        [`POST ${LIST}/int-1/sync`]: () => {
          synced = true;
          return jsonResponse({ ...preview, dry_run: false, state: 'running' }, 202);
        },
      },
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Company GitLab' });
    await user.click(within(card).getByRole('button', { name: 'Sync now' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      INTEGRATIONS_MESSAGES.syncing,
    );
    expect(within(card).getByRole('button', { name: 'Syncing…' })).toBeDisabled();
    expect(within(card).queryByRole('region', { name: 'Last sync report' })).toBeNull();

    await waitFor(() => expect(within(card).getByText(/40 created/)).toBeVisible(), {
      timeout: 4_000,
    });
    expect(within(card).getByRole('button', { name: 'Sync now' })).toBeEnabled();
    expect(within(card).queryByRole('status')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST' && r.path.endsWith('/sync'))).toHaveLength(1);
  });

  it('says a failed preview failed and keeps Enable and sync off until one succeeds', async () => {
    const disabled = {
      ...gitlab,
      id: 'int-5',
      name: 'Broken GitLab',
      enabled: false,
      last_sync: null,
    };
    let answer: () => Response = () =>
      jsonResponse({
        ...preview,
        created: 0,
        changes: [],
        link_candidates: [],
        errors: ['GitLab refused the token (401).'],
      });
    installFetchMock({
      'GET /api/session': () => jsonResponse(sessionFor({ plan: 'pro' })),
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 't' }),
      'GET /api/v1/workspaces': () =>
        jsonResponse({
          items: [{ id: 'ws-1', name: 'Main', plan: 'pro', role: 'admin', is_frozen: false }],
        }),
      [`GET ${LIST}`]: () =>
        jsonResponse({
          items: [disabled],
          limit: 5,
          aws_external_id: 'expiry-radar-ws-1',
          aws_trusted_account_id: '111122223333',
          gcp_federation_subject:
            'arn:aws:sts::111122223333:assumed-role/ExpiryRadarData-GcpFederationRole/expiry-radar-ws-1',
        }),
      [`POST ${LIST}/int-5/preview`]: () => answer(),
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Broken GitLab' });
    const enable = within(card).getByRole('button', { name: 'Enable and sync' });
    await user.click(within(card).getByRole('button', { name: 'Preview' }));
    const report = await within(card).findByRole('region', { name: 'Preview failed' });
    expect(within(report).getByText(/^The preview failed/)).toBeVisible();
    expect(within(report).getByText('GitLab refused the token (401).')).toBeVisible();
    expect(enable).toBeDisabled();
    expect(enable).toHaveAccessibleDescription('Enable and sync is off until a preview succeeds.');

    answer = () =>
      jsonResponse({ error: 'GitLab could not be reached.', code: 'BAD_GATEWAY' }, 502);
    await user.click(within(card).getByRole('button', { name: 'Preview' }));
    expect(
      await within(card).findByText(/^Preview failed: GitLab could not be reached\./),
    ).toBeVisible();
    expect(enable).toBeDisabled();

    // A partial preview (a source too large to read within the request) succeeds, and says so.
    const partial = {
      previewed: 2000,
      message: 'Previewed the first 2,000 items; the sync reads the rest.',
    };
    answer = () => jsonResponse({ ...preview, partial });
    await user.click(within(card).getByRole('button', { name: 'Preview' }));
    const shown = await within(card).findByRole('region', { name: 'Preview' });
    expect(within(shown).getByText(partial.message)).toBeVisible();
    await waitFor(() => expect(enable).toBeEnabled());
  });

  it('sends a Vault AppRole as role id and secret id', async () => {
    const { requests } = serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add integration' });
    await user.click(within(dialog).getByLabelText('Kind'));
    await user.click(await screen.findByRole('option', { name: 'HashiCorp Vault' }));
    await user.type(within(dialog).getByLabelText(/^Name\s*\*?$/), 'Vault');
    await fill(user, within(dialog).getByLabelText(/^Vault address/), 'https://vault.example.com');
    await user.type(within(dialog).getByLabelText('PKI mounts'), 'pki\npki_int');
    await user.click(within(dialog).getByRole('button', { name: 'Add and preview' }));
    expect(await within(dialog).findByText('Token is required')).toBeVisible();
    await user.click(within(dialog).getByLabelText('Sign in with'));
    await user.click(await screen.findByRole('option', { name: /^AppRole/ }));
    await fill(user, within(dialog).getByLabelText(/^AppRole role id/), 'role-1');
    await fill(user, within(dialog).getByLabelText(/^AppRole secret id/), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add and preview' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST' && r.path === LIST)?.body).toMatchObject({
      kind: 'vault',
      settings: {
        address: 'https://vault.example.com',
        namespace: null,
        pki_mounts: ['pki', 'pki_int'],
        kv_mounts: [],
      },
      credentials: { role_id: 'role-1', secret_id: 'secret-1' },
    });
  });

  it('signs in to Google Cloud by workload identity federation: says why, gives the gcloud commands and sends no key', async () => {
    const { requests } = serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add integration' });
    await user.click(within(dialog).getByLabelText('Kind'));
    await user.click(await screen.findByRole('option', { name: 'Google Cloud' }));
    expect(within(dialog).getByText(GCP_HELP)).toBeVisible();
    await user.click(within(dialog).getByLabelText('Sign in with'));
    await user.click(await screen.findByRole('option', { name: /^Workload identity federation/ }));
    expect(within(dialog).getByText(GCP_FEDERATION_HELP)).toBeVisible();
    expect(within(dialog).queryByLabelText(/^Service account key/)).toBeNull();
    const subject =
      'arn:aws:sts::111122223333:assumed-role/ExpiryRadarData-GcpFederationRole/expiry-radar-ws-1';
    expect(
      within(dialog).getByText(/gcloud iam workload-identity-pools providers create-aws/),
    ).toHaveTextContent(`--attribute-condition "assertion.arn == '${subject}'"`);
    await user.type(within(dialog).getByLabelText(/^Name\s*\*?$/), 'Google Cloud');
    await fill(user, within(dialog).getByLabelText(/^Projects/), 'prod-project');
    await fill(
      user,
      within(dialog).getByLabelText(/^Workload identity pool provider/),
      '//iam.googleapis.com/projects/42/locations/global/workloadIdentityPools/expiry-radar/providers/aws-deployment',
    );
    await fill(
      user,
      within(dialog).getByLabelText(/^Service account to impersonate/),
      'expiry-radar-reader@prod-project.iam.gserviceaccount.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add and preview' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST' && r.path === LIST)?.body).toMatchObject({
      kind: 'gcp',
      settings: {
        project_ids: ['prod-project'],
        sign_in: 'workload_identity',
        service_account_email: 'expiry-radar-reader@prod-project.iam.gserviceaccount.com',
      },
      credentials: {},
    });
  });

  it("sends an Azure app registration's certificate instead of a client secret when chosen", async () => {
    const { requests } = serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add integration' });
    await user.click(within(dialog).getByLabelText('Kind'));
    await user.click(await screen.findByRole('option', { name: 'Azure (Key Vault and Entra ID)' }));
    await user.type(within(dialog).getByLabelText(/^Name\s*\*?$/), 'Azure');
    await fill(user, within(dialog).getByLabelText(/^Tenant id/), 'contoso.onmicrosoft.com');
    await fill(
      user,
      within(dialog).getByLabelText(/^Client id/),
      '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    );
    expect(within(dialog).getByLabelText(/^Client secret/)).toBeVisible();
    await user.click(within(dialog).getByLabelText('Sign in with'));
    await user.click(await screen.findByRole('option', { name: /^Certificate/ }));
    expect(within(dialog).queryByLabelText(/^Client secret/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add and preview' }));
    expect(
      await within(dialog).findByText(INTEGRATION_MESSAGES.invalidAzureCertificate),
    ).toBeVisible();
    const pem =
      '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----';
    await fill(user, within(dialog).getByLabelText(/^Certificate/), pem);
    await user.click(within(dialog).getByRole('button', { name: 'Add and preview' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST' && r.path === LIST)?.body).toMatchObject({
      kind: 'azure',
      credentials: { client_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', certificate: pem },
    });
  });

  it('tells viewers the page is for admins and workspace managers', async () => {
    serve({ role: 'viewer', items: [gitlab] });
    renderPage();
    expect(
      await screen.findByText('Integrations are managed by admins and workspace managers.'),
    ).toBeVisible();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
