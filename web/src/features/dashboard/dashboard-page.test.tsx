import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { SEARCH_DEBOUNCE_MS } from '@expiry-radar/shared/constants/timing';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { RecordedRequest } from '../../../test-support/mock-fetch';
import { mediaQueryList } from '../../../test-support/match-media';
import { installFetchMock, jsonResponse, sessionFor } from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { tokenFixture } from '../../../test-support/token-fixtures';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';
import { dispatchTokensUpdated } from '../../lib/tokens-updated';

const inDays = (days: number) => addCalendarDays(new Date(), days);
/** A calendar day as the app writes it: the browser's locale. */
const localeDay = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

const token = (overrides: Partial<Token> & Pick<Token, 'id' | 'name'>): Token =>
  tokenFixture({ expiresAt: inDays(100), ...overrides });

const TOKENS: Token[] = [
  token({
    id: 'c1',
    name: 'www.example.com',
    expiresAt: inDays(3),
    domains: ['example.com'],
    issuer: "Let's Encrypt",
    section: 'web',
  }),
  token({
    id: 'c2',
    name: 'api cert',
    expiresAt: inDays(20),
    domains: ['api.example.com', 'b.example.com'],
    issuer: 'DigiCert',
    section: 'platform',
  }),
  token({
    id: 'c3',
    name: 'Billing cert',
    expiresAt: inDays(-2),
    domains: ['billing.example.com'],
    issuer: 'acme',
    section: 'platform',
  }),
  token({
    id: 'k1',
    name: 'Stripe key',
    category: 'key_secret',
    type: 'api_key',
    expiresAt: inDays(400),
    location: 'vault',
    used_by: 'billing',
    description: 'live key',
    section: 'platform',
  }),
  token({
    id: 'l1',
    name: 'IDE seats',
    category: 'license',
    type: 'software_license',
    vendor: 'JetBrains',
    license_type: 'seat',
    cost: 120,
  }),
];

interface ServeOptions {
  workspace?: Partial<Workspace>;
  tokens?: Token[];
  put?: (request: RecordedRequest) => Response;
}

function serve({ workspace, tokens = TOKENS, put }: ServeOptions = {}) {
  let current = [...tokens];
  const ws: Workspace = {
    id: 'ws-1',
    name: 'Platform',
    plan: 'free',
    role: 'admin',
    is_frozen: false,
    ...workspace,
  };
  const mock = installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor({ plan: ws.plan })),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces': () => jsonResponse({ items: [ws] }),
    'GET /api/alert-queue': () => jsonResponse({ items: [] }),
    'GET /api/tokens': ({ url }) => {
      const categories = url.searchParams.getAll('category[]');
      const section = url.searchParams.get('section');
      const q = url.searchParams.get('q')?.toLowerCase();
      const id = url.searchParams.get('id');
      const owner = url.searchParams.get('owner_id');
      const searched = current.filter(
        (t) =>
          (!q || t.name.toLowerCase().includes(q)) &&
          (!id || t.id === id) &&
          (!owner || t.owner_id === (owner === 'me' ? 'user-1' : owner)),
      );
      const inCategories = (t: Token) => categories.length === 0 || categories.includes(t.category);
      const inSection = (t: Token) =>
        !section || (section === '__none__' ? t.section === null : t.section === section);
      const items = searched.filter((t) => inCategories(t) && inSection(t));
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      // As the API counts: each facet under every filter but its own.
      const sections = new Map<string | null, number>();
      for (const t of searched.filter(inCategories)) {
        sections.set(t.section, (sections.get(t.section) ?? 0) + 1);
      }
      const inTheSection = searched.filter(inSection);
      return jsonResponse({
        items: items.slice(offset, offset + limit),
        total: items.length,
        facets: {
          category: Object.fromEntries(
            CATEGORIES.map((c) => [c, inTheSection.filter((t) => t.category === c).length]),
          ),
          section: [...sections].map(([name, count]) => ({ section: name, count })),
        },
      });
    },
    'GET /api/v1/workspaces/ws-1/members': () =>
      jsonResponse({
        items: [
          {
            user_id: 'user-1',
            email: 'ada@example.com',
            display_name: 'Ada Lovelace',
            role: 'admin',
            status: 'active',
            joined_at: '2025-01-01T00:00:00.000Z',
          },
          {
            user_id: 'user-2',
            email: 'bob@example.com',
            display_name: null,
            role: 'viewer',
            status: 'active',
            joined_at: '2025-01-02T00:00:00.000Z',
          },
        ],
        total: 2,
      }),
    'PUT /api/tokens/c1': (request) => {
      if (put) return put(request);
      const saved = {
        ...current.find((t) => t.id === 'c1')!,
        ...(request.body as Partial<Token>),
        updated_at: '2025-06-01T00:00:00.000Z',
      };
      current = current.map((t) => (t.id === 'c1' ? saved : t));
      return jsonResponse(saved);
    },
    'DELETE /api/tokens/c2': () => {
      current = current.filter((t) => t.id !== 'c2');
      return jsonResponse({ ok: true });
    },
  });
  return mock;
}

function card(label: string) {
  return screen.getByRole('region', { name: new RegExp(`^${label}`) });
}

async function renderDashboard(path = '/dashboard?workspace=ws-1') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Token Management Dashboard' }, { timeout: 5000 });
  await within(await screen.findByRole('region', { name: /^Certificates/ })).findByText(
    'www.example.com',
  );
  return view;
}

const rowNames = (label: string) =>
  within(card(label))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('token dashboard', () => {
  it('shows a card per category with the spec columns, expiry pills and empty states', async () => {
    const { requests } = serve();
    await renderDashboard();
    const certs = card('Certificates');
    const headers = within(certs)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Name',
      'Type',
      'Domains',
      'Issuer',
      'Expiration',
      'Status',
      'Endpoints',
      'Actions',
    ]);
    expect(
      within(card('Keys & Secrets'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Name',
      'Type',
      'Location',
      'Used By',
      'Description',
      'Expiration',
      'Status',
      'Actions',
    ]);
    expect(
      within(card('Licenses'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Type', 'Vendor', 'License Type', 'Expiration', 'Status', 'Actions']);
    expect(await within(card('General')).findByText('No results in this category.')).toBeVisible();
    expect(within(certs).getByText('Expired')).toBeVisible();
    expect(within(certs).getByText('3 days').closest('[data-status]')).toHaveAttribute(
      'data-status',
      'critical',
    );
    expect(within(card('Keys & Secrets')).getByText('Long-term')).toBeVisible();
    expect(within(certs).getByPlaceholderText('Search Certificates...')).toBeVisible();
    const list = requests.find((r) => r.url.searchParams.get('category[]') === 'cert');
    expect(Object.fromEntries(list!.url.searchParams)).toMatchObject({
      workspace_id: 'ws-1',
      limit: '100',
      offset: '0',
      sort: 'expiration_asc',
    });
    expect(screen.getByRole('heading', { name: 'Create New Token' })).toBeVisible();
  });

  it('filters by one category chip and clears on a second click, in the URL', async () => {
    serve();
    const { router } = await renderDashboard();
    const chips = screen.getByRole('group', { name: 'Filter by category' });
    const certChip = within(chips).getByRole('button', { name: 'Certificates (3)' });
    expect(within(chips).getByRole('button', { name: 'Keys & Secrets (1)' })).toBeVisible();
    expect(within(chips).getByRole('button', { name: 'General (0)' })).toBeVisible();
    const user = userEvent.setup();
    await user.click(certChip);
    expect(certChip).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('region', { name: /^Licenses/ })).not.toBeInTheDocument();
    expect(card('Certificates')).toBeVisible();
    expect(new URLSearchParams(router.state.location.search).get('category')).toBe('cert');
    await user.click(certChip);
    expect(certChip).toHaveAttribute('aria-pressed', 'false');
    expect(card('Licenses')).toBeVisible();
    expect(router.state.location.search).not.toContain('category=');
  });

  it('shows "Assigned to me" from the server, and shows and changes a token\'s owner', async () => {
    const { requests } = serve({
      tokens: TOKENS.map((t) =>
        t.id === 'c1' || t.id === 'k1' ? { ...t, owner_id: 'user-1' } : t,
      ),
    });
    const { router } = await renderDashboard();
    const user = userEvent.setup();
    const owners = screen.getByRole('group', { name: 'Filter by owner' });
    const mine = within(owners).getByRole('button', { name: 'Assigned to me' });
    await user.click(mine);
    expect(mine).toHaveAttribute('aria-pressed', 'true');
    expect(new URLSearchParams(router.state.location.search).get('assigned')).toBe('me');
    await waitFor(() => expect(rowNames('Certificates')).toEqual(['www.example.com']));
    expect(rowNames('Keys & Secrets')).toEqual(['Stripe key']);
    expect(
      requests.some((r) => r.path === '/api/tokens' && r.url.searchParams.get('owner_id') === 'me'),
    ).toBe(true);

    await user.click(within(card('Certificates')).getByText('www.example.com'));
    const dialog = await screen.findByRole('dialog', { name: 'www.example.com' });
    expect(await within(dialog).findByText('Ada Lovelace (ada@example.com)')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await user.click(within(dialog).getByLabelText('Owner'));
    await user.click(await screen.findByRole('option', { name: 'bob@example.com' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const body = requests.find((r) => r.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ owner_id: 'user-2' });
    expect(await within(dialog).findByText('bob@example.com')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(mine);
    expect(router.state.location.search).not.toContain('assigned=');
    await waitFor(() => expect(rowNames('Certificates')).toHaveLength(3));
  });

  it("opens with the URL's category and card search, and keeps a new search in the URL", async () => {
    const { requests } = serve();
    const view = renderApp('/dashboard?workspace=ws-1&category=cert&search.cert=api');
    const certificates = await screen.findByRole('region', { name: /^Certificates/ });
    await waitFor(() => expect(rowNames('Certificates')).toEqual(['api cert']));
    expect(screen.queryByRole('region', { name: /^Licenses/ })).not.toBeInTheDocument();
    const searchbox = within(certificates).getByRole('searchbox', { name: 'Search Certificates' });
    expect(searchbox).toHaveValue('api');
    expect(requests.some((r) => r.url.searchParams.get('q') === 'api')).toBe(true);

    const user = userEvent.setup();
    await user.clear(searchbox);
    await user.type(searchbox, 'www');
    await waitFor(() =>
      expect(new URLSearchParams(view.router.state.location.search).get('search.cert')).toBe('www'),
    );
    await user.clear(searchbox);
    await waitFor(() => expect(view.router.state.location.search).not.toContain('search.cert'));
  });

  it('lists section chips by count then name and binds them to the section parameter', async () => {
    const { requests } = serve();
    const { router } = await renderDashboard();
    const group = screen.getByRole('group', { name: 'Filter by section' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All sections (5)', 'No section (1)', 'platform (3)', 'web (1)']);
    const user = userEvent.setup();
    await user.click(within(group).getByRole('button', { name: 'platform (3)' }));
    await waitFor(() => expect(router.state.location.search).toContain('section=platform'));
    await waitFor(() =>
      expect(within(card('Certificates')).queryByText('www.example.com')).not.toBeInTheDocument(),
    );
    expect(requests.some((r) => r.url.searchParams.get('section') === 'platform')).toBe(true);
    await user.click(within(group).getByRole('button', { name: 'No section (1)' }));
    await waitFor(() => expect(router.state.location.search).toContain('section=__none__'));
    await user.click(within(group).getByRole('button', { name: 'No section (1)' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('section='));
  });

  it('counts the chips as the cards show them: under the section filter, a search and "Assigned to me"', async () => {
    serve({
      tokens: TOKENS.map((t) =>
        t.id === 'c1' || t.id === 'k1' ? { ...t, owner_id: 'user-1' } : t,
      ),
    });
    renderApp('/dashboard?workspace=ws-1&section=platform');
    await within(await screen.findByRole('region', { name: /^Certificates/ })).findByText(
      'api cert',
    );
    const categoryChips = () =>
      within(screen.getByRole('group', { name: 'Filter by category' }))
        .getAllByRole('button')
        .map((chip) => chip.textContent);
    const sectionChips = () =>
      within(screen.getByRole('group', { name: 'Filter by section' }))
        .getAllByRole('button')
        .map((chip) => chip.textContent);
    const title = (label: string) => within(card(label)).getByRole('heading').textContent;
    // In section platform: the categories count its tokens, as the cards do.
    expect(categoryChips()).toEqual([
      'Certificates (2)',
      'Keys & Secrets (1)',
      'Licenses (0)',
      'General (0)',
    ]);
    expect(title('Certificates')).toBe('Certificates (2)');
    expect(sectionChips()).toEqual([
      'All sections (5)',
      'No section (1)',
      'platform (3)',
      'web (1)',
    ]);

    // A card's search: its chip, and the sections, count its matches.
    const user = userEvent.setup();
    await user.type(
      within(card('Certificates')).getByRole('searchbox', { name: 'Search Certificates' }),
      'api',
    );
    await waitFor(() => expect(title('Certificates')).toBe('Certificates (1)'));
    expect(categoryChips()[0]).toBe('Certificates (1)');
    expect(sectionChips()).toEqual(['All sections (3)', 'No section (1)', 'platform (2)']);

    // One category chosen: the sections count in it; the others still count in the section.
    await user.click(screen.getByRole('button', { name: 'Certificates (1)' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Licenses/ })).toBeNull());
    expect(sectionChips()).toEqual(['All sections (1)', 'No section (0)', 'platform (1)']);
    await waitFor(() =>
      expect(categoryChips()).toEqual([
        'Certificates (1)',
        'Keys & Secrets (1)',
        'Licenses (0)',
        'General (0)',
      ]),
    );

    // "Assigned to me": only the caller's tokens count (www.example.com is in section web).
    await user.click(screen.getByRole('button', { name: 'Assigned to me' }));
    await waitFor(() => expect(title('Certificates')).toBe('Certificates (0)'));
    await waitFor(() =>
      expect(categoryChips()).toEqual([
        'Certificates (0)',
        'Keys & Secrets (1)',
        'Licenses (0)',
        'General (0)',
      ]),
    );
    expect(sectionChips()).toEqual(['All sections (0)', 'No section (0)', 'platform (0)']);
  });

  it("suggests the workspace's sections in the create form's Section field", async () => {
    serve();
    await renderDashboard();
    const form = screen.getByRole('region', { name: 'Create New Token' });
    const section = within(form).getByLabelText('Section');
    const listId = section.getAttribute('list');
    expect(listId).toBeTruthy();
    const options = document.getElementById(listId ?? '')?.querySelectorAll('option') ?? [];
    expect([...options].map((option) => option.value)).toEqual(['platform', 'web']);
  });

  it("keeps the create form's draft through the filters, and asks before another page drops it", async () => {
    serve();
    const { router } = await renderDashboard();
    const user = userEvent.setup();
    const form = screen.getByRole('region', { name: 'Create New Token' });
    await user.type(await within(form).findByRole('textbox', { name: /^Name/ }), 'Draft key');

    const chips = screen.getByRole('group', { name: 'Filter by category' });
    await user.click(within(chips).getByRole('button', { name: 'Certificates (3)' }));
    expect(router.state.location.search).toBe('?workspace=ws-1&category=cert');
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(() => router.navigate('/docs'));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('Draft key');

    await act(() => router.navigate('/docs'));
    const again = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/docs'));
  });

  it('sorts a category by the clicked column, toggling the direction', async () => {
    serve();
    await renderDashboard();
    expect(rowNames('Certificates')).toEqual(['Billing cert', 'www.example.com', 'api cert']);
    const user = userEvent.setup();
    const header = (name: string) => within(card('Certificates')).getByRole('button', { name });
    await user.click(header('Name'));
    await waitFor(() =>
      expect(rowNames('Certificates')).toEqual(['api cert', 'Billing cert', 'www.example.com']),
    );
    await user.click(header('Name'));
    expect(rowNames('Certificates')).toEqual(['www.example.com', 'Billing cert', 'api cert']);
    await user.click(header('Issuer'));
    expect(rowNames('Certificates')).toEqual(['Billing cert', 'api cert', 'www.example.com']);
    await user.click(header('Domains'));
    expect(rowNames('Certificates')).toEqual(['api cert', 'Billing cert', 'www.example.com']);
    await user.click(header('Expiration'));
    await user.click(header('Expiration'));
    await waitFor(() =>
      expect(rowNames('Certificates')).toEqual(['api cert', 'www.example.com', 'Billing cert']),
    );
    expect(
      within(card('Certificates')).getByRole('columnheader', { name: /Expiration/ }),
    ).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows cards on narrow screens, sorted by the select that stands for the headers', async () => {
    const narrow = jest
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width')));
    try {
      serve();
      renderApp('/dashboard?workspace=ws-1');
      const certificates = await screen.findByRole('list', { name: 'Certificates tokens' });
      const cardNames = () =>
        within(certificates)
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent);
      await waitFor(() =>
        expect(cardNames()).toEqual(['Billing cert', 'www.example.com', 'api cert']),
      );
      expect(within(card('Certificates')).queryByRole('table')).toBeNull();
      const user = userEvent.setup();
      await user.click(within(card('Certificates')).getByRole('combobox', { name: 'Sort by' }));
      await user.click(screen.getByRole('option', { name: 'Name, Z to A' }));
      expect(cardNames()).toEqual(['www.example.com', 'Billing cert', 'api cert']);
      await user.click(within(card('Certificates')).getByRole('combobox', { name: 'Sort by' }));
      await user.click(screen.getByRole('option', { name: 'Expiration, latest first' }));
      await waitFor(() =>
        expect(cardNames()).toEqual(['api cert', 'www.example.com', 'Billing cert']),
      );
      expect(
        within(card('Certificates')).getByRole('button', { name: 'Renew api cert' }),
      ).toBeVisible();
    } finally {
      narrow.mockRestore();
    }
  });

  it('searches within one category after the debounce', async () => {
    const { requests } = serve();
    await renderDashboard();
    const searchbox = within(card('Certificates')).getByRole('searchbox', {
      name: 'Search Certificates',
    });
    const searched = (q: string) => requests.some((r) => r.url.searchParams.get('q') === q);
    // The clock stands still while typing, so the keystrokes come within the debounce however
    // busy the machine is.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.type(searchbox, 'api');
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
      expect(['a', 'ap', 'api'].filter(searched)).toEqual([]);
      act(() => jest.advanceTimersByTime(1));
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(rowNames('Certificates')).toEqual(['api cert']));
    expect(
      requests.some(
        (r) =>
          r.url.searchParams.get('q') === 'api' && r.url.searchParams.get('category[]') === 'cert',
      ),
    ).toBe(true);
    expect(['a', 'ap'].filter(searched)).toEqual([]);
    const user = userEvent.setup();
    await user.clear(searchbox);
    await user.type(searchbox, 'nothing');
    expect(
      await within(card('Certificates')).findByText('No results in this category.'),
    ).toBeVisible();
  });

  it('opens the details of the token an alert email links to; closing drops the link', async () => {
    const { requests } = serve();
    // The dialog may open before the cards' rows have rendered, and then hides the page.
    const { router } = renderApp('/dashboard?workspace=ws-1&token=k1');
    const dialog = await screen.findByRole('dialog', { name: 'Stripe key' }, { timeout: 5000 });
    expect(within(dialog).getByText('vault')).toBeVisible();
    expect(requests.some((request) => request.url.searchParams.get('id') === 'k1')).toBe(true);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Stripe key' })).toBeNull());
    expect(router.state.location.search).toBe('?workspace=ws-1');
  });

  it('makes Details a history entry: Back closes it and keeps the filters, Forward reopens it', async () => {
    serve();
    const { router } = await renderDashboard();
    const user = userEvent.setup();
    const chips = screen.getByRole('group', { name: 'Filter by category' });
    await user.click(within(chips).getByRole('button', { name: 'Certificates (3)' }));
    const filtered = router.state.location.search;
    expect(filtered).toBe('?workspace=ws-1&category=cert');
    await user.click(within(card('Certificates')).getByText('www.example.com'));
    expect(await screen.findByRole('dialog', { name: 'www.example.com' })).toBeVisible();
    expect(router.state.location.search).toBe(`${filtered}&token=c1`);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe(filtered);
    expect(within(chips).getByRole('button', { name: 'Certificates (3)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await act(() => router.navigate(1));
    const reopened = await screen.findByRole('dialog', { name: 'www.example.com' });
    // Closing goes back past the entry it added: Back from there leaves the dashboard as filtered.
    await user.click(within(reopened).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe(filtered);
    expect(router.state.historyAction).toBe('POP');
  });

  it('makes Renew a history entry too: Back closes it and keeps the filters', async () => {
    serve();
    const { router } = await renderDashboard();
    const user = userEvent.setup();
    const chips = screen.getByRole('group', { name: 'Filter by category' });
    await user.click(within(chips).getByRole('button', { name: 'Certificates (3)' }));
    const filtered = router.state.location.search;
    await user.click(
      within(card('Certificates')).getByRole('button', { name: 'Renew www.example.com' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Renew Token' })).toBeVisible();

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe(filtered);

    // Cancel goes back past the entry it added, to the dashboard as filtered.
    await user.click(
      within(card('Certificates')).getByRole('button', { name: 'Renew www.example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Renew Token' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe(filtered);
    expect(router.state.historyAction).toBe('POP');
  });

  it('closes the details of a token deleted meanwhile without asking about the edit', async () => {
    serve({ put: () => jsonResponse({ error: 'Token not found' }, 404) });
    const { router } = await renderDashboard();
    const user = userEvent.setup();
    await user.click(within(card('Certificates')).getByText('www.example.com'));
    const dialog = await screen.findByRole('dialog', { name: 'www.example.com' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const issuer = within(dialog).getByLabelText('Issuer');
    await user.clear(issuer);
    await user.type(issuer, 'Changed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This token was deleted by someone else.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?workspace=ws-1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the linked token is not in the workspace', async () => {
    serve();
    await renderDashboard('/dashboard?workspace=ws-1&token=gone');
    expect(
      await screen.findByText(
        'The token this link opens is not in this workspace (it may have been deleted).',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens details on a row, edits, reverts on cancel and saves with the normalized fields', async () => {
    const { requests } = serve();
    const { router } = await renderDashboard('/dashboard?workspace=ws-1&section=web');
    const user = userEvent.setup();
    await user.click(within(card('Certificates')).getByText('www.example.com'));
    const dialog = await screen.findByRole('dialog', { name: 'www.example.com' });
    expect(within(dialog).getByText("Let's Encrypt")).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(within(dialog).getByLabelText('Category')).toBeDisabled();
    expect(within(dialog).getByLabelText('Type')).toBeDisabled();
    const issuer = within(dialog).getByLabelText('Issuer');
    await user.clear(issuer);
    await user.type(issuer, 'Changed');
    // Unsaved changes: Cancel asks first; keeping them leaves the edit as it was.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const keep = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(keep).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull(),
    );
    expect(within(dialog).getByLabelText('Issuer')).toHaveValue('Changed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const discard = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(discard).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull(),
    );
    expect(await within(dialog).findByText("Let's Encrypt")).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(within(dialog).getByLabelText('Issuer')).toHaveValue("Let's Encrypt");

    await user.clear(within(dialog).getByLabelText('Issuer'));
    await user.clear(within(dialog).getByLabelText(/^Domains/));
    await user.type(within(dialog).getByLabelText(/^Domains/), 'a.example.com, B.example.com');
    await user.type(within(dialog).getByLabelText('Key Size'), '2048');
    await user.clear(within(dialog).getByLabelText('Section'));
    await user.type(within(dialog).getByLabelText('Section'), 'edge');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const body = requests.find((r) => r.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      issuer: null,
      domains: ['a.example.com', 'b.example.com'],
      key_size: 2048,
      section: 'edge',
      notes: null,
    });
    expect(body).not.toHaveProperty('expiresAt');
    expect(body).not.toHaveProperty('type');
    expect(await screen.findByText('Token updated successfully')).toBeInTheDocument();
    // The section changed: the section parameter is dropped.
    await waitFor(() => expect(router.state.location.search).not.toContain('section='));
    // The dialog shows the saved token; closed, its row shows it too.
    const saved = await screen.findByRole('dialog', { name: 'www.example.com' });
    expect(await within(saved).findByText('a.example.com, b.example.com')).toBeVisible();
    await user.click(within(saved).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(card('Certificates')).findByText('a.example.com, b.example.com'),
    ).toBeVisible();
  });

  it('renews with the suggested date, and shows the server error when renewal fails', async () => {
    let fail = true;
    const { requests } = serve({
      put: (request) => {
        if (fail) return jsonResponse({ error: 'Workspace is read-only', code: 'FORBIDDEN' }, 403);
        return jsonResponse({ ...TOKENS[0]!, ...(request.body as object) });
      },
    });
    await renderDashboard();
    const user = userEvent.setup();
    await user.click(
      within(card('Certificates')).getByRole('button', { name: 'Renew www.example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Renew Token' });
    expect(within(dialog).getByText('www.example.com')).toBeVisible();
    expect(within(dialog).getByText('Current expiration:', { exact: false })).toBeVisible();
    // The date in the user's locale, its ISO date on hover.
    expect(within(dialog).getByTitle(inDays(3))).toHaveTextContent(localeDay(inDays(3)));
    const date = within(dialog).getByLabelText(/^New Expiration Date/);
    // A certificate's term (90 days) after its current expiry, 3 days ahead.
    expect(date).toHaveValue(inDays(93));
    expect(
      within(dialog).getByText(
        'Default set based on token category/type. You can pick any future date.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Workspace is read-only')).toBeVisible();
    // The refusal shows in the dialog only, not in a toast beside it.
    expect(screen.getAllByText('Workspace is read-only')).toHaveLength(1);
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Renew Token' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Token renewed successfully')).toBeInTheDocument();
    expect(screen.queryByText('Token updated successfully')).toBeNull();
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
      expiresAt: inDays(93),
    });
  });

  it('says an expired session (signed out in another tab) in the toast, not in the dialog', async () => {
    serve({ put: () => jsonResponse({ error: 'Please log in to continue.' }, 401) });
    // The client reads the browser's location (the memory router leaves it at /, a public page).
    window.history.pushState({}, '', '/dashboard?workspace=ws-1');
    await renderDashboard();
    const user = userEvent.setup();
    await user.click(
      within(card('Certificates')).getByRole('button', { name: 'Renew www.example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Renew Token' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Your session has expired. Please log in again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Please log in to continue.')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // The move to sign-in is the client's (lib/api-client.test.ts); not here.
    resetApiClientState();
    window.history.pushState({}, '', '/');
  });

  it('says "Failed to update token" when a renewal fails without a message', async () => {
    serve({ put: () => new Response('', { status: 502 }) });
    await renderDashboard();
    const user = userEvent.setup();
    await user.click(
      within(card('Certificates')).getByRole('button', { name: 'Renew www.example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Renew Token' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Failed to update token')).toBeVisible();
  });

  it('confirms deletion with the spec texts, removes the row and moves the focus to the card', async () => {
    const { requests } = serve();
    await renderDashboard();
    const user = userEvent.setup();
    await user.click(within(card('Certificates')).getByRole('button', { name: 'Delete api cert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Token Deletion' });
    expect(
      within(dialog).getByText(
        'This action cannot be undone. The token will be permanently deleted.',
      ),
    ).toBeVisible();
    for (const text of ['api cert', 'SSL Certificate', 'Certificates', localeDay(inDays(20))]) {
      expect(within(dialog).getByText(text)).toBeVisible();
    }
    expect(within(dialog).getByTitle(inDays(20))).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(card('Certificates')).getByRole('button', { name: 'Delete api cert' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Token' }),
    );
    expect(await screen.findByText('Token deleted successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('Certificates')).queryByText('api cert')).not.toBeInTheDocument(),
    );
    // Its Delete button is gone with it: the focus goes to the card's search, not the page.
    expect(
      within(card('Certificates')).getByRole('searchbox', { name: 'Search Certificates' }),
    ).toHaveFocus();
  });

  it('reloads once for a burst of tokens-updated events', async () => {
    const { requests } = serve();
    await renderDashboard();
    const count = () => requests.filter((r) => r.path === '/api/tokens').length;
    const before = count();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      act(() => {
        dispatchTokensUpdated({ workspaceId: 'ws-1' });
        dispatchTokensUpdated({ workspaceId: 'ws-1' });
      });
      act(() => jest.advanceTimersByTime(300));
      act(() => dispatchTokensUpdated());
      act(() => jest.advanceTimersByTime(340));
      expect(count()).toBe(before);
      act(() => jest.advanceTimersByTime(20));
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(count()).toBe(before + 5));
  });

  it('shows viewers Details only, no form, and their empty state', async () => {
    serve({ workspace: { role: 'viewer' } });
    await renderDashboard();
    expect(screen.queryByRole('heading', { name: 'Create New Token' })).not.toBeInTheDocument();
    // Reading the inventory includes taking it out, not bringing tokens in.
    expect(screen.getByRole('button', { name: 'Export' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    const certs = card('Certificates');
    expect(within(certs).getAllByRole('button', { name: /^Details of/ })).toHaveLength(3);
    expect(within(certs).queryByRole('button', { name: /^Renew/ })).not.toBeInTheDocument();
    expect(within(certs).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(certs).getByRole('button', { name: 'Details of api cert' }));
    const dialog = await screen.findByRole('dialog', { name: 'api cert' });
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('reads nothing of a workspace that requires two-factor of a member without it', async () => {
    const { requests } = serve({ workspace: { require_two_factor: true } });
    renderApp('/dashboard?workspace=ws-1');
    await screen.findByRole('heading', { name: 'Token Management Dashboard' }, { timeout: 5000 });
    expect(
      await screen.findByRole('link', { name: 'Set up two-factor authentication' }),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: /^Certificates/ })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.url.pathname === '/api/tokens')).toEqual([]);
  });

  it('shows the empty workspace messages', async () => {
    serve({ tokens: [] });
    const first = renderApp('/dashboard?workspace=ws-1');
    expect(
      await screen.findByText('No tokens found. Create your first token above.'),
    ).toBeVisible();
    first.unmount();
    serve({ tokens: [], workspace: { role: 'viewer' } });
    renderApp('/dashboard?workspace=ws-1');
    expect(await screen.findByText('No tokens in this workspace.')).toBeVisible();
  });

  it('says why no workspace is available when the own ones are frozen, and offers what works', async () => {
    // Free allows one owned workspace, and the frozen one is it: upgrading is the way out.
    serve({ workspace: { is_frozen: true } });
    const atLimit = renderApp('/dashboard');
    expect(await screen.findByText(/yours are frozen, because they hold more/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/billing',
    );
    expect(screen.queryByRole('link', { name: 'Open Workspaces' })).toBeNull();
    atLimit.unmount();
    // Pro allows three: creating another is offered too.
    serve({ workspace: { is_frozen: true, plan: 'pro' } });
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Open Workspaces' })).toBeVisible();
  });
});
