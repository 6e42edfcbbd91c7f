import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import type { TrustedCa } from '@expiry-radar/shared/api/trusted-ca-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { PRIVATE_KEY_MESSAGE } from '@expiry-radar/shared/domain/certificate-text';
import { TRUSTED_CA_MESSAGES } from '@expiry-radar/shared/domain/trusted-certificate-authorities';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { installFetchMock, jsonResponse, sessionFor } from '../../../../test-support/mock-fetch';
import { renderRoutes } from '../../../../test-support/render-app';
import { resetApiClientState } from '../../../lib/api-client';
import { resetToastHistory } from '../../../lib/toasts';
import { NO_TRUSTED_CAS, TRUSTED_CAS_ADMIN_NOTE, TrustedCasSection } from './trusted-cas-section';

const COLLECTION = '/api/v1/workspaces/ws-1/trusted-certificate-authorities';
const FINGERPRINT = Array.from({ length: 32 }, (_, index) =>
  index.toString(16).padStart(2, '0').toUpperCase(),
).join(':');
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n';

const internalRoot: TrustedCa = {
  id: FINGERPRINT.replace(/:/g, '').toLowerCase(),
  subject: 'CN=Internal Root CA, O=Acme',
  issuer: 'CN=Internal Root CA, O=Acme',
  not_before: '2025-01-01T00:00:00.000Z',
  not_after: '2035-06-30T12:00:00.000Z',
  fingerprint_sha256: FINGERPRINT,
  pem: PEM,
  added_by: { id: 'user-1', email: 'ada@example.com' },
  added_at: '2025-02-01T00:00:00.000Z',
};

function workspace(role: Workspace['role'], isFrozen = false): Workspace {
  return { id: 'ws-1', name: 'Main', plan: 'team', role, is_frozen: isFrozen };
}

/** The three routes, answering as the handlers do; `refusal` answers the next add instead. */
function serve(initial: TrustedCa[], refusal?: { status: number; error: string }) {
  let items = [...initial];
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor({ plan: 'team' })),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    [`GET ${COLLECTION}`]: () => jsonResponse({ items, limit: 20 }),
    [`POST ${COLLECTION}`]: () => {
      if (refusal) return jsonResponse({ error: refusal.error, code: 'VALIDATION_ERROR' }, 400);
      const added = { ...internalRoot, id: 'f'.repeat(64), subject: 'CN=Issuing CA 2' };
      items = [...items, added];
      return jsonResponse(added, 201);
    },
    [`DELETE ${COLLECTION}/${internalRoot.id}`]: () => {
      items = items.filter((item) => item.id !== internalRoot.id);
      return jsonResponse({ ok: true });
    },
  });
}

function renderSection(role: Workspace['role'], isFrozen = false) {
  renderRoutes(
    [{ path: '/', element: <TrustedCasSection workspace={workspace(role, isFrozen)} /> }],
    '/',
  );
}

const section = () => screen.findByRole('region', { name: 'Trusted certificate authorities' });

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('TrustedCasSection', () => {
  it('shows members each CA with its expiry and shortened fingerprint, read-only', async () => {
    serve([internalRoot]);
    renderSection('viewer');
    const region = await section();
    const card = await within(region).findByRole('listitem');
    expect(within(card).getByRole('heading', { name: internalRoot.subject })).toBeInTheDocument();
    const fingerprint = within(card).getByText('00:01:02:03…1C:1D:1E:1F');
    expect(fingerprint).toHaveAttribute('title', FINGERPRINT);
    expect(within(card).getByText('ada@example.com')).toBeInTheDocument();
    expect(card.querySelector('time')).toHaveAttribute('title', '2035-06-30');
    expect(within(region).getByText(TRUSTED_CAS_ADMIN_NOTE)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Add certificate authority/ })).toBeNull();
    expect(within(region).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('lets an admin paste a CA certificate and add it, with a success toast', async () => {
    const user = userEvent.setup();
    const { requests } = serve([]);
    renderSection('admin');
    const region = await section();
    expect(await within(region).findByText(NO_TRUSTED_CAS)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Add certificate authority' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add certificate authority' });
    await user.click(within(dialog).getByRole('textbox', { name: 'CA certificate (PEM)' }));
    await user.paste(PEM);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(SUCCESS_MESSAGES.trustedCaAdded)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(region).findByRole('heading', { name: 'CN=Issuing CA 2' })).toBeVisible();
    const posted = requests.find((request) => request.method === 'POST');
    expect(posted?.body).toEqual({ pem: PEM });
  });

  it('shows why the server refused a certificate under the field, and keeps the dialog', async () => {
    const user = userEvent.setup();
    serve([], { status: 400, error: TRUSTED_CA_MESSAGES.notCertificateAuthority });
    renderSection('admin');
    await user.click(
      await within(await section()).findByRole('button', { name: 'Add certificate authority' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add certificate authority' });
    await user.click(within(dialog).getByRole('textbox', { name: 'CA certificate (PEM)' }));
    await user.paste(PEM);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText(TRUSTED_CA_MESSAGES.notCertificateAuthority),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'CA certificate (PEM)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('reads a chosen file into the field, and refuses a private key before sending', async () => {
    const user = userEvent.setup();
    const { requests } = serve([]);
    renderSection('admin');
    await user.click(
      await within(await section()).findByRole('button', { name: 'Add certificate authority' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add certificate authority' });
    await user.upload(
      within(dialog).getByLabelText('CA certificate file'),
      new File([PEM], 'root.crt', { type: 'application/x-x509-ca-cert' }),
    );
    const field = within(dialog).getByRole('textbox', { name: 'CA certificate (PEM)' });
    await waitFor(() => expect(field).toHaveValue(PEM));

    await user.clear(field);
    await user.paste('-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(PRIVATE_KEY_MESSAGE)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('removes a CA after the admin confirms, with a success toast', async () => {
    const user = userEvent.setup();
    const { requests } = serve([internalRoot]);
    renderSection('admin');
    const region = await section();
    await user.click(
      await within(region).findByRole('button', {
        name: `Remove certificate authority ${internalRoot.subject}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Stop trusting this certificate authority?',
    });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(SUCCESS_MESSAGES.trustedCaRemoved)).toBeInTheDocument();
    expect(await within(region).findByText(NO_TRUSTED_CAS)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('offers a frozen workspace’s admin no changes', async () => {
    serve([internalRoot]);
    renderSection('admin', true);
    const region = await section();
    await within(region).findByRole('listitem');
    expect(within(region).queryByRole('button', { name: /Add certificate authority/ })).toBeNull();
    expect(within(region).queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});
