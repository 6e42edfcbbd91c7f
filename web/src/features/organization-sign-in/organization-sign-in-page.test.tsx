import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { installFetchMock, jsonResponse, sessionFor } from '../../../test-support/mock-fetch';
import { renderRoutes } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';
import { OrganizationSignInPage, PLAN_NOTE } from './organization-sign-in-page';
import { samlServiceProviderUrls } from '@expiry-radar/shared/domain/organization-sign-in';
import {
  PROVIDER_MFA_HELP,
  PROVIDER_MFA_LABEL,
  REQUIRE_SSO_HELP,
} from './components/sso-connection-form';

const usage = {
  plan: 'team',
  limits: PLAN_LIMITS.team,
  usage: {
    month: '2026-11',
    workspacesOwned: 1,
    alertDeliveriesThisMonth: 0,
    tokens: 0,
    members: 1,
    seats: 1,
    provisionedSeats: 0,
  },
  workspaces: [
    { id: 'ws-1', name: 'Engineering', is_frozen: false, tokens: 0, members: 1, webhooks: 0 },
  ],
};

interface DomainAnswer {
  domain: string;
  status: string;
  record_name: string;
  record_value: string;
  added_at: string;
  verified_at: string | null;
  last_check_error: string | null;
}

const pending: DomainAnswer = {
  domain: 'acme.example',
  status: 'pending',
  record_name: '_expiry-radar-verification.acme.example',
  record_value: 'expiry-radar-verification=abc',
  added_at: '2026-11-29T08:00:00.000Z',
  verified_at: null,
  last_check_error: null,
};

function serve(options: { allowed: boolean }) {
  let domains: DomainAnswer[] = [];
  let verifyAttempts = 0;
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor({ plan: options.allowed ? 'team' : 'pro' })),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/organization/usage': () => jsonResponse(usage),
    'GET /api/organization/sign-in': () =>
      jsonResponse({ allowed: options.allowed, domains, connection: null }),
    'POST /api/organization/domains': () => {
      domains = [pending];
      return jsonResponse(pending, 201);
    },
    'POST /api/organization/domains/acme.example/verify': () => {
      verifyAttempts += 1;
      if (verifyAttempts === 1) {
        return jsonResponse(
          {
            error: 'No TXT record found at _expiry-radar-verification.acme.example yet.',
            code: 'VALIDATION_ERROR',
          },
          400,
        );
      }
      const verified = { ...pending, status: 'verified', verified_at: '2026-11-29T08:05:00.000Z' };
      domains = [verified];
      return jsonResponse(verified);
    },
    'PUT /api/organization/sso': (request) => {
      const body = request.body as Record<string, unknown>;
      const saml = body.protocol === 'saml';
      return jsonResponse({
        protocol: body.protocol,
        issuer: saml ? 'https://idp.acme.example' : body.issuer,
        client_id: saml ? '' : body.client_id,
        has_client_secret: !saml,
        saml: saml
          ? {
              metadata_url: body.metadata_url,
              sso_url: 'https://idp.acme.example/sso',
              certificates: 1,
            }
          : null,
        provider_enforces_mfa: body.provider_enforces_mfa,
        default_workspace_id: body.default_workspace_id,
        default_role: body.default_role,
        require_sso: body.require_sso,
        updated_at: '2026-11-29T08:06:00.000Z',
      });
    },
  });
}

const renderPage = () => renderRoutes([{ path: '/', element: <OrganizationSignInPage /> }], '/');

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('OrganizationSignInPage', () => {
  it('tells an owner below Team which plans include it', async () => {
    serve({ allowed: false });
    renderPage();
    expect(await screen.findByText(PLAN_NOTE, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add domain' })).toBeNull();
  });

  it('adds a domain, shows its TXT record, verifies it after a refusal, and saves the connection', async () => {
    const user = userEvent.setup();
    const { requests } = serve({ allowed: true });
    renderPage();
    await user.click(await screen.findByRole('textbox', { name: 'Email domain' }));
    await user.paste('acme.example');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    const row = await screen.findByRole('region', { name: 'acme.example' });
    expect(within(row).getByText('_expiry-radar-verification.acme.example')).toBeInTheDocument();
    expect(within(row).getByDisplayValue('expiry-radar-verification=abc')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Verify' }));
    expect(await within(row).findByText(/No TXT record found/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Verify' }));
    expect(await within(row).findByText('Verified')).toBeInTheDocument();

    expect(screen.getByText(REQUIRE_SSO_HELP)).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: /Issuer URL/ }));
    await user.paste('https://idp.acme.example');
    await user.click(screen.getByRole('textbox', { name: /Client id/ }));
    await user.paste('expiry-radar');
    await user.click(screen.getByLabelText(/Client secret/));
    await user.paste('secret');
    await user.click(screen.getByRole('switch', { name: 'Require SSO' }));
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    expect(await screen.findByText('Single sign-on saved.')).toBeInTheDocument();
    const saved = requests.find((request) => request.method === 'PUT');
    expect(saved?.body).toEqual({
      protocol: 'oidc',
      issuer: 'https://idp.acme.example',
      client_id: 'expiry-radar',
      client_secret: 'secret',
      default_workspace_id: 'ws-1',
      default_role: 'viewer',
      require_sso: true,
      provider_enforces_mfa: false,
    });
  });

  it('saves a SAML connection from the IdP metadata URL, showing what to enter at the provider', async () => {
    const user = userEvent.setup();
    const { requests } = serve({ allowed: true });
    renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Protocol' }));
    await user.click(screen.getByRole('option', { name: 'SAML 2.0' }));
    const { entityId, acsUrl } = samlServiceProviderUrls(window.location.origin);
    expect(screen.getByText(entityId)).toBeInTheDocument();
    expect(screen.getByText(acsUrl)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Expiry Radar’s SAML metadata' })).toHaveAttribute(
      'href',
      '/auth/saml/metadata',
    );
    await user.click(screen.getByRole('textbox', { name: 'IdP metadata URL' }));
    await user.paste('https://idp.acme.example/metadata');
    expect(screen.getByText(PROVIDER_MFA_HELP)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: PROVIDER_MFA_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    expect(await screen.findByText('Single sign-on saved.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      protocol: 'saml',
      metadata_url: 'https://idp.acme.example/metadata',
      default_workspace_id: 'ws-1',
      default_role: 'viewer',
      require_sso: false,
      provider_enforces_mfa: true,
    });
  });
});
