import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import type {
  CtFinding,
  ListWatchedDomainsResponse,
  WatchedDomain,
} from '@expiry-radar/shared/api/watched-domain-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { installFetchMock, jsonResponse, sessionFor } from '../../../../test-support/mock-fetch';
import { renderRoutes } from '../../../../test-support/render-app';
import { tokenFixture } from '../../../../test-support/token-fixtures';
import { resetApiClientState } from '../../../lib/api-client';
import { resetToastHistory } from '../../../lib/toasts';
import { WATCHED_DOMAINS_ADMIN_NOTE, WatchedDomainsSection } from './watched-domains-section';

const COLLECTION = '/api/v1/workspaces/ws-1/watched-domains';
const CERTIFICATE_ID = 'a'.repeat(64);

const watched: WatchedDomain = {
  domain: 'xn--bcher-kva.com',
  display_domain: 'bücher.com',
  include_subdomains: true,
  auto_add: false,
  allowed_issuers: ["Let's Encrypt"],
  added_at: '2026-11-01T00:00:00.000Z',
  last_checked_at: '2026-11-29T03:00:00.000Z',
  last_error: null,
  next_check_at: '2026-11-29T04:00:00.000Z',
};

const seen: CtFinding = {
  id: CERTIFICATE_ID,
  domain: 'xn--bcher-kva.com',
  dns_names: ['shop.xn--bcher-kva.com'],
  issuer: 'DigiCert',
  not_before: '2026-11-28T00:00:00.000Z',
  not_after: '2027-02-26T00:00:00.000Z',
  unexpected_issuer: true,
  status: 'new',
  token_id: null,
  message: 'new certificate for shop.bücher.com by DigiCert, valid until 2027-02-26',
  seen_at: '2026-11-29T03:00:00.000Z',
};

function workspace(role: Workspace['role']): Workspace {
  return { id: 'ws-1', name: 'Main', plan: 'pro', role, is_frozen: false };
}

/** The routes, answering as the handlers do; a domain "co.uk" is refused as the server does. */
function serve(limit: number | null = 5) {
  let state: ListWatchedDomainsResponse = {
    items: [watched],
    limit,
    api_key_set: false,
    certificates: [seen],
  };
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor({ plan: 'pro' })),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    [`GET ${COLLECTION}`]: () => jsonResponse(state),
    [`POST ${COLLECTION}`]: (request) => {
      const body = request.body as { domain: string };
      if (body.domain === 'co.uk') {
        return jsonResponse(
          {
            error: '"co.uk" is a public suffix, under which domains are registered',
            code: 'VALIDATION_ERROR',
          },
          400,
        );
      }
      const added = { ...watched, domain: body.domain, display_domain: body.domain };
      state = { ...state, items: [...state.items, added] };
      return jsonResponse(added, 201);
    },
    [`PATCH ${COLLECTION}/${watched.domain}`]: (request) => {
      const body = request.body as { allowed_issuers: string[] };
      const changed = { ...watched, allowed_issuers: body.allowed_issuers };
      state = {
        ...state,
        items: state.items.map((item) => (item.domain === watched.domain ? changed : item)),
      };
      return jsonResponse(changed);
    },
    [`PUT /api/v1/workspaces/ws-1/certificate-transparency-key`]: () => {
      state = { ...state, api_key_set: true };
      return jsonResponse({ api_key_set: true });
    },
    [`POST ${COLLECTION}/certificates/${CERTIFICATE_ID}/inventory`]: () => {
      state = { ...state, certificates: [{ ...seen, status: 'added', token_id: 'tok-1' }] };
      return jsonResponse(tokenFixture({ id: 'tok-1', workspace_id: 'ws-1' }), 201);
    },
  });
}

function renderSection(role: Workspace['role']) {
  renderRoutes(
    [{ path: '/', element: <WatchedDomainsSection workspace={workspace(role)} /> }],
    '/',
  );
}

const section = () => screen.findByRole('region', { name: 'Watched domains' });

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('WatchedDomainsSection', () => {
  it('shows members the domains and the certificates seen, an unexpected issuer flagged, read-only', async () => {
    serve();
    renderSection('viewer');
    const region = await section();
    const domains = await within(region).findByRole('list', { name: 'Watched domains list' });
    const card = within(domains).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'bücher.com' })).toBeInTheDocument();
    expect(within(card).getByText("Let's Encrypt")).toBeInTheDocument();
    const certificates = within(region).getByRole('list', { name: 'Certificates seen' });
    const certificate = within(certificates).getByRole('listitem');
    // Capitalized as a title (the message itself reads mid-sentence in the alerts), its names
    // free to wrap after a dot (jsdom puts spaces around <wbr> in accessible names, not Chromium).
    const title = within(certificate).getByRole('heading');
    expect(title).toHaveTextContent(
      /^New certificate for shop\.bücher\.com by DigiCert, valid until 2027-02-26$/,
    );
    expect(title.querySelectorAll('wbr')).toHaveLength(4);
    expect(within(certificate).getByText('Unexpected issuer')).toBeInTheDocument();
    expect(within(region).getByText(WATCHED_DOMAINS_ADMIN_NOTE)).toBeInTheDocument();
    expect(
      within(region).queryByRole('button', { name: /Add to inventory|Watch domain/ }),
    ).toBeNull();
  });

  it('lets an admin watch a domain (a refusal shown under the field), store the API key and add a certificate', async () => {
    const user = userEvent.setup();
    const { requests } = serve();
    renderSection('admin');
    const region = await section();
    const field = await within(region).findByRole('textbox', { name: 'Domain to watch' });
    await user.type(field, 'co.uk');
    await user.click(within(region).getByRole('button', { name: 'Watch domain' }));
    expect(await within(region).findByText(/"co.uk" is a public suffix/)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'example.org');
    await user.type(
      within(region).getByRole('textbox', { name: 'Allowed issuers' }),
      'DigiCert, letsencrypt.org',
    );
    await user.click(within(region).getByRole('checkbox', { name: /automatically/ }));
    await user.click(within(region).getByRole('button', { name: 'Watch domain' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.watchedDomainAdded)).toBeInTheDocument();
    expect(await within(region).findByRole('heading', { name: 'example.org' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      domain: 'example.org',
      include_subdomains: true,
      auto_add: true,
      allowed_issuers: ['DigiCert', 'letsencrypt.org'],
    });

    await user.click(
      within(region).getByRole('button', { name: 'Edit allowed issuers of bücher.com' }),
    );
    const issuers = within(region).getByRole('textbox', {
      name: 'Allowed issuers of bücher.com',
    });
    await user.clear(issuers);
    await user.type(issuers, 'Sectigo, DigiCert');
    await user.click(within(region).getByRole('button', { name: 'Save issuers' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.watchedDomainUpdated)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      allowed_issuers: ['Sectigo', 'DigiCert'],
    });
    expect(await within(region).findByText('Sectigo, DigiCert')).toBeInTheDocument();

    await user.type(within(region).getByLabelText('Cert Spotter API key'), 'secret-key-123');
    await user.click(within(region).getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.ctApiKeySaved)).toBeInTheDocument();
    expect(await within(region).findByRole('button', { name: 'Remove key' })).toBeInTheDocument();

    await user.click(
      within(region).getByRole('button', {
        name: 'Add to inventory: New certificate for shop.bücher.com by DigiCert, valid until 2027-02-26',
      }),
    );
    expect(
      await screen.findByText(SUCCESS_MESSAGES.certificateAddedToInventory),
    ).toBeInTheDocument();
    expect(await within(region).findAllByText('Added to inventory')).not.toHaveLength(0);
  });

  it('tells a free workspace its plan has no watch', async () => {
    serve(0);
    renderSection('admin');
    const region = await section();
    expect(
      await within(region).findByText(
        /Your plan does not include the certificate transparency watch/,
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Watch domain' })).toBeNull();
  });
});
