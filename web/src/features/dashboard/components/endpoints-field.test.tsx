import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { EndpointProbeResponse } from '@expiry-radar/shared/api/endpoint-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { installFetchMock, jsonResponse } from '../../../../test-support/mock-fetch';
import { createTestQueryClient } from '../../../../test-support/render-app';
import { resetApiClientState } from '../../../lib/api-client';
import { resetToastHistory } from '../../../lib/toasts';
import { CreateTokenForm } from './create-token-form';

const WORKSPACE: Workspace = {
  id: 'ws-1',
  name: 'Personal',
  plan: 'free',
  role: 'admin',
  is_frozen: false,
};

const SERVED: EndpointProbeResponse = {
  certificate: {
    subject: 'CN=shop.example.com',
    issuer: 'CN=Test CA, O=Test Trust',
    subject_alt_names: ['DNS:shop.example.com'],
    serial_number: '0A1B2C',
    not_before: '2026-01-01T00:00:00.000Z',
    not_after: '2031-03-04T12:00:00.000Z',
    key_algorithm: 'EC',
    key_size: 256,
    fingerprint_sha256: 'AB:CD',
    chain_length: 1,
    token: {
      name: 'shop.example.com',
      type: 'tls_cert',
      expiresAt: '2031-03-04',
      domains: ['shop.example.com'],
      issuer: 'Test Trust',
      serial_number: '0A1B2C',
      subject: 'CN=shop.example.com',
      algorithm: 'EC',
      key_size: 256,
    },
  },
  status: 'ok',
  message: 'serves this certificate',
  chain_trusted: true,
  name_matches: true,
  protocol: 'TLSv1.3',
};

function serve() {
  return installFetchMock({
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces/ws-1/members': () => jsonResponse({ items: [] }),
    'POST /api/v1/workspaces/ws-1/endpoint-probes': () => jsonResponse(SERVED),
  });
}

async function openCertificateForm(user: ReturnType<typeof userEvent.setup>) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <CreateTokenForm workspace={WORKSPACE} userEmail="ada@example.com" />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('combobox', { name: /^Category/ }));
  await user.click(
    within(screen.getByRole('listbox')).getByRole('option', { name: 'Certificates' }),
  );
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('Check now in the create form', () => {
  it('keeps the name and domains already typed and fills the empty fields', async () => {
    const user = userEvent.setup();
    serve();
    await openCertificateForm(user);
    await user.type(screen.getByLabelText(/^Name/), 'Shop front');
    await user.type(screen.getByLabelText('Domains'), 'shop.example.com, www.shop.example.com');
    await user.type(screen.getByLabelText('Endpoints'), 'shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText(/Filled from the certificate served/)).toBeVisible();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Shop front');
    expect(screen.getByLabelText('Domains')).toHaveValue('shop.example.com, www.shop.example.com');
    expect(screen.getByLabelText(/^Expiration Date/)).toHaveValue('2031-03-04');
    expect(screen.getByLabelText('Issuer')).toHaveValue('Test Trust');
  });

  it('fills the name and domains when they are empty', async () => {
    const user = userEvent.setup();
    serve();
    await openCertificateForm(user);
    await user.type(screen.getByLabelText('Endpoints'), 'shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText(/Filled from the certificate served/)).toBeVisible();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('shop.example.com');
    expect(screen.getByLabelText('Domains')).toHaveValue('shop.example.com');
  });
});

describe('the Endpoints field', () => {
  it('says under the field what is wrong with each entry, on create and on Check now', async () => {
    const user = userEvent.setup();
    const { requests } = serve();
    await openCertificateForm(user);
    await user.type(screen.getByLabelText(/^Name/), 'Shop front');
    await user.type(screen.getByLabelText(/^Expiration Date/), '2031-03-04');
    await user.type(screen.getByLabelText('Endpoints'), 'bad host name:99999');
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    const field = screen.getByLabelText('Endpoints');
    expect(field).toHaveAccessibleDescription(
      /"bad host name:99999": one endpoint is host\[:port\] and an optional SNI name; a host name has no spaces/,
    );
    await user.clear(field);
    await user.type(field, '256.1.1.1:443');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(
      await screen.findByText(
        '"256.1.1.1:443": 256.1.1.1 is not an IPv4 address: four numbers from 0 to 255',
      ),
    ).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
