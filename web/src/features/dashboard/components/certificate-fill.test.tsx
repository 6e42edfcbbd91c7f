import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type {
  ParseCertificateResponse,
  ParsedCertificate,
} from '@expiry-radar/shared/api/certificate-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { PRIVATE_KEY_MESSAGE } from '@expiry-radar/shared/domain/certificate-text';
import {
  installFetchMock,
  jsonResponse,
  type RecordedRequest,
} from '../../../../test-support/mock-fetch';
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

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

function certificate(name: string, chainLength = 1): ParsedCertificate {
  return {
    subject: `CN=${name}`,
    issuer: 'CN=Test CA, O=Test Trust',
    subject_alt_names: [`DNS:${name}`, `DNS:www.${name}`],
    serial_number: '0A1B2C',
    not_before: '2026-01-01T00:00:00.000Z',
    not_after: '2031-03-04T12:00:00.000Z',
    key_algorithm: 'EC',
    key_size: 256,
    fingerprint_sha256: `AB:${name}`,
    chain_length: chainLength,
    token: {
      name,
      type: 'tls_cert',
      expiresAt: '2031-03-04',
      domains: [name, `www.${name}`],
      issuer: 'Test Trust',
      serial_number: '0A1B2C',
      subject: `CN=${name}`,
      algorithm: 'EC',
      key_size: 256,
    },
  };
}

function serve(answer: ParseCertificateResponse | (() => Response)) {
  return installFetchMock({
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces/ws-1/members': () => jsonResponse({ items: [] }),
    'POST /api/certificates/parse': () =>
      typeof answer === 'function' ? answer() : jsonResponse(answer),
    'POST /api/tokens': (request) =>
      jsonResponse({ id: 't-1', ...(request.body as object), created_at: '', updated_at: '' }, 201),
  });
}

async function openFill(
  user: ReturnType<typeof userEvent.setup>,
  onImportCertificates?: (certificates: readonly ParsedCertificate[]) => void,
) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <CreateTokenForm
        workspace={WORKSPACE}
        userEmail="ada@example.com"
        onImportCertificates={onImportCertificates}
      />
    </QueryClientProvider>,
  );
  expect(screen.queryByRole('button', { name: 'Fill from certificate' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('combobox', { name: /^Category/ }));
  await user.click(
    within(screen.getByRole('listbox')).getByRole('option', { name: 'Certificates' }),
  );
  await user.click(screen.getByRole('button', { name: 'Fill from certificate' }));
  return screen.findByRole('dialog', { name: 'Fill from certificate' });
}

const parseRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === '/api/certificates/parse');

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('Fill from certificate', () => {
  it('fills the certificate fields from the leaf of a chain and says so', async () => {
    const user = userEvent.setup();
    const { requests } = serve({
      certificates: [certificate('shop.example.com', 3)],
      chain_certificates: 2,
    });
    const dialog = await openFill(user);
    fireEvent.change(within(dialog).getByLabelText('Certificate (PEM)'), {
      target: { value: PEM },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Read certificate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(parseRequests(requests)[0]!.body).toEqual({ pem: PEM });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Filled from the leaf certificate shop.example.com of a chain of 3 certificates.',
    );
    expect(screen.getByLabelText(/^Name/)).toHaveValue('shop.example.com');
    expect(screen.getByLabelText(/^Expiration Date/)).toHaveValue('2031-03-04');
    expect(screen.getByLabelText('Domains')).toHaveValue('shop.example.com, www.shop.example.com');
    expect(screen.getByLabelText('Issuer')).toHaveValue('Test Trust');
    expect(screen.getByLabelText('Serial Number')).toHaveValue('0A1B2C');
    expect(screen.getByLabelText('Subject')).toHaveValue('CN=shop.example.com');
    expect(screen.getByLabelText('Algorithm')).toHaveValue('EC');
    expect(screen.getByLabelText('Key Size')).toHaveValue(256);
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveTextContent('TLS Certificate');

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/tokens')).toBe(true));
    expect(requests.find((r) => r.path === '/api/tokens')!.body).toMatchObject({
      name: 'shop.example.com',
      type: 'tls_cert',
      expiresAt: '2031-03-04',
      domains: ['shop.example.com', 'www.shop.example.com'],
      key_size: 256,
    });
  });

  it('refuses a private key in the browser and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = serve({ certificates: [], chain_certificates: 0 });
    const dialog = await openFill(user);
    fireEvent.change(within(dialog).getByLabelText('Certificate (PEM)'), {
      target: { value: '-----BEGIN EC PRIVATE KEY-----\nMHcC\n-----END EC PRIVATE KEY-----' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Read certificate' }));
    expect(await within(dialog).findByText(PRIVATE_KEY_MESSAGE)).toBeVisible();
    expect(parseRequests(requests)).toEqual([]);
  });

  it("shows the server's refusal at the text", async () => {
    const user = userEvent.setup();
    serve(() =>
      jsonResponse(
        { error: 'No certificate found. Paste a PEM certificate.', code: 'VALIDATION_ERROR' },
        400,
      ),
    );
    const dialog = await openFill(user);
    fireEvent.change(within(dialog).getByLabelText('Certificate (PEM)'), {
      target: { value: 'not a certificate' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Read certificate' }));
    expect(
      await within(dialog).findByText('No certificate found. Paste a PEM certificate.'),
    ).toBeVisible();
  });

  it('lists several leaves to choose from, and reads a DER file as PEM', async () => {
    const user = userEvent.setup();
    const { requests } = serve({
      certificates: [certificate('a.example.com'), certificate('b.example.com')],
      chain_certificates: 0,
    });
    const dialog = await openFill(user);
    const der = new File([new Uint8Array([0x30, 0x82, 0x01, 0x0a])], 'site.cer');
    await user.upload(within(dialog).getByLabelText('Certificate file'), der);
    const list = await within(dialog).findByRole('list', { name: 'Certificates found' });
    expect(parseRequests(requests)[0]!.body).toEqual({
      pem: '-----BEGIN CERTIFICATE-----\nMIIBCg==\n-----END CERTIFICATE-----\n',
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(list).getAllByRole('button', { name: 'Fill from this one' })[1]!);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('b.example.com');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Filled from the certificate b.example.com (one of 2).',
    );
  });

  it('hands several leaves to the import, one token each', async () => {
    const user = userEvent.setup();
    const certificates = [certificate('a.example.com'), certificate('b.example.com')];
    serve({ certificates, chain_certificates: 0 });
    const onImport = jest.fn();
    const dialog = await openFill(user, onImport);
    fireEvent.change(within(dialog).getByLabelText('Certificate (PEM)'), {
      target: { value: PEM + PEM },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Read certificate' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import all 2' }));
    expect(onImport).toHaveBeenCalledWith(certificates);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
