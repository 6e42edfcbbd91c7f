import { render, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  installFetchMock,
  jsonResponse,
  jsonResponseWithCancellableBody,
  LOGGED_OUT_SESSION,
  sessionFor,
} from '../../../test-support/mock-fetch';
import { tokenFixture } from '../../../test-support/token-fixtures';
import { App } from '../../app/app';
import { resetApiClientState } from '../../lib/api-client';

/** 25 licenses: more than a card's first render shows. */
const TOKENS: Token[] = Array.from({ length: 25 }, (_, index) =>
  tokenFixture({
    id: `l${index}`,
    name: `License ${String(index).padStart(2, '0')}`,
    category: 'license',
    type: 'software_license',
    expiresAt: `2040-01-${String(index + 1).padStart(2, '0')}`,
  }),
);

/** `tokensAnswered`: the token reads answer once it has resolved. */
function serve(tokensAnswered: Promise<unknown> = Promise.resolve()) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor()),
    'GET /api/v1/workspaces': () =>
      jsonResponse({
        items: [{ id: 'ws-1', name: 'Platform', plan: 'free', role: 'admin', is_frozen: false }],
      }),
    'GET /api/invitations': () => jsonResponse({ items: [] }),
    'GET /api/alert-queue': () => jsonResponse({ items: [] }),
    'GET /api/tokens': async ({ url }) => {
      await tokensAnswered;
      const categories = url.searchParams.getAll('category[]');
      const items = TOKENS.filter(
        (token) => categories.length === 0 || categories.includes(token.category),
      );
      const limit = Number(url.searchParams.get('limit'));
      return jsonResponse({
        items: items.slice(0, limit),
        total: items.length,
        facets: {
          category: Object.fromEntries(
            CATEGORIES.map((c) => [c, TOKENS.filter((t) => t.category === c).length]),
          ),
          // As the API counts: the section facet in the category filter.
          section: items.length > 0 ? [{ section: null, count: items.length }] : [],
        },
      });
    },
  });
}

beforeEach(() => resetApiClientState());
afterEach(() => toast.remove());

describe('the dashboard as the app starts on it', () => {
  it('asks for the session, the workspaces and every first page at once, each once, and shows every row and the counts', async () => {
    const { requests } = serve();
    // Signed in at the last check: the first script asks for the reads that need a session too.
    window.localStorage.setItem('expiry-radar:signed-in', 'true');
    window.history.pushState({}, '', '/dashboard?workspace=ws-1');
    render(<App />);
    const licenses = await screen.findByRole('region', { name: /^Licenses/ });
    expect(await within(licenses).findByRole('rowheader', { name: 'License 24' })).toBeVisible();
    expect(within(licenses).getAllByRole('rowheader')).toHaveLength(25);

    const sent = requests.map(({ url }) => `${url.pathname}${url.search}`);
    const firstReads = [
      '/api/session',
      '/api/v1/workspaces?limit=100&offset=0',
      ...CATEGORIES.map(
        (category) =>
          `/api/tokens?workspace_id=ws-1&category%5B%5D=${category}&limit=100&offset=0&sort=expiration_asc`,
      ),
    ];
    // Before anything the page renders asks for (the shell's invitations come with the session).
    expect(new Set(sent.slice(0, firstReads.length))).toEqual(new Set(firstReads));
    // The page's own queries took those answers: nothing was asked for twice.
    expect(new Set(sent).size).toBe(sent.length);
    // The filter chips' counts came with the first pages: no summary read of its own.
    expect(sent).not.toContain('/api/tokens?workspace_id=ws-1&limit=1');
    const categoryFilter = screen.getByRole('group', { name: 'Filter by category' });
    expect(within(categoryFilter).getByRole('button', { name: 'Licenses (25)' })).toBeVisible();
    const sectionFilter = screen.getByRole('group', { name: 'Filter by section' });
    expect(within(sectionFilter).getByRole('button', { name: 'All sections (25)' })).toBeVisible();
  });

  it('a link to a workspace the user is not in: reads none of its tokens, shows the last used one and says why', async () => {
    const { requests } = serve();
    // As the page left them: signed in, the user's workspaces, and the one last used.
    window.localStorage.setItem('expiry-radar:signed-in', 'true');
    window.localStorage.setItem('expiry-radar:known-workspaces', 'ws-1');
    window.localStorage.setItem('expiry-radar:last-workspace', 'ws-1');
    const missing = '00000000-0000-4000-8000-000000000000';
    window.history.pushState({}, '', `/dashboard?workspace=${missing}`);
    render(<App />);
    expect(
      await screen.findByText(
        'The workspace this link opens does not exist or you are not a member of it.',
      ),
    ).toBeVisible();
    const licenses = await screen.findByRole('region', { name: /^Licenses/ });
    expect(await within(licenses).findByRole('rowheader', { name: 'License 24' })).toBeVisible();
    expect(window.location.search).toBe('?workspace=ws-1');
    const tokenReads = requests.filter(({ url }) => url.pathname === '/api/tokens');
    expect(tokenReads.map(({ url }) => url.searchParams.get('workspace_id'))).toEqual(
      CATEGORIES.map(() => 'ws-1'),
    );
  });

  it('signed out since the last check, lets go at once of the answers it asked for ahead: the page goes to /login', async () => {
    const cancelled: string[] = [];
    installFetchMock({
      'GET /api/session': () => jsonResponse(LOGGED_OUT_SESSION),
      'GET /api/v1/workspaces': ({ path }) =>
        jsonResponseWithCancellableBody({ items: [] }, () => cancelled.push(path)),
    });
    window.localStorage.setItem('expiry-radar:signed-in', 'true');
    window.history.pushState({}, '', '/dashboard');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(cancelled).toEqual(['/api/v1/workspaces']);
    // The next visit asks for the session alone.
    expect(window.localStorage.getItem('expiry-radar:signed-in')).toBeNull();
  });

  it("renders the page once its first reads are in: the page's first render shows every card's rows", async () => {
    serve(new Promise((done) => setTimeout(done, 200)));
    window.history.pushState({}, '', '/dashboard?workspace=ws-1');
    render(<App />);
    await screen.findByRole('heading', { name: 'Token Management Dashboard' }, { timeout: 3_000 });
    // No skeleton first: the loader waited for the reads, so the rows came with the page.
    const licenses = screen.getByRole('region', { name: /^Licenses/ });
    expect(within(licenses).getAllByRole('rowheader').length).toBeGreaterThan(0);
  });

  it('renders the page without them when they take longer than the loader waits', async () => {
    let answerTokens = () => {};
    serve(new Promise<void>((done) => (answerTokens = done)));
    window.history.pushState({}, '', '/dashboard?workspace=ws-1');
    render(<App />);
    // The loader gave up waiting after FIRST_READS_WAIT_MS: the page shows, its cards loading.
    await screen.findByRole('heading', { name: 'Token Management Dashboard' }, { timeout: 3_000 });
    expect(screen.queryAllByRole('rowheader')).toHaveLength(0);
    answerTokens();
    const licenses = await screen.findByRole('region', { name: /^Licenses/ });
    expect(await within(licenses).findByRole('rowheader', { name: 'License 00' })).toBeVisible();
  });
});
