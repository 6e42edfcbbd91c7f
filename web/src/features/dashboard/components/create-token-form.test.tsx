import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { addCalendarDays, dayBegunEverywhere } from '@expiry-radar/shared/domain/calendar-date';
import { installFetchMock, jsonResponse } from '../../../../test-support/mock-fetch';
import { createTestQueryClient } from '../../../../test-support/render-app';
import { resetApiClientState } from '../../../lib/api-client';
import { resetToastHistory } from '../../../lib/toasts';
import { TOKENS_UPDATED_EVENT } from '../../../lib/tokens-updated';
import { CONTACT_GROUP_UPGRADE_NOTE, USE_WORKSPACE_DEFAULT } from './contact-group-field';
import { CreateTokenForm } from './create-token-form';
import { RENEWS_AUTOMATICALLY_LABEL } from './token-alert-fields';

const FREE: Workspace = {
  id: 'ws-1',
  name: 'Personal',
  plan: 'free',
  role: 'admin',
  is_frozen: false,
};
const PRO: Workspace = { ...FREE, plan: 'pro' };

function serve() {
  return installFetchMock({
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces/ws-1/alert-settings': () =>
      jsonResponse({
        email_alerts_enabled: true,
        webhook_urls: [],
        contact_groups: [
          { id: 'g-ops', name: 'Operations', emails: ['ops@example.com'], webhook_names: [] },
          { id: 'g-sec', name: 'Security', emails: [], webhook_names: [] },
        ],
        default_contact_group_id: null,
        thresholds: [30, 7],
        admin_email: 'owner@example.com',
        limits: { contact_groups: true, webhooks: null },
        updated_at: null,
      }),
    'GET /api/v1/workspaces/ws-1/members': () =>
      jsonResponse({
        items: [
          {
            user_id: 'u-1',
            email: 'owner@example.com',
            display_name: 'Owner',
            role: 'admin',
            status: 'active',
            joined_at: null,
          },
        ],
      }),
    'POST /api/tokens': (request) =>
      jsonResponse({ id: 't-1', ...(request.body as object), created_at: '', updated_at: '' }, 201),
  });
}

function renderForm(workspace: Workspace = FREE, userEmail: string | null = 'ada@example.com') {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <CreateTokenForm workspace={workspace} userEmail={userEmail} />
    </QueryClientProvider>,
  );
}

const today = () => dayBegunEverywhere(new Date());
const inDays = (days: number) => addCalendarDays(new Date(), days);

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

function setField(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillValidCertificate(user: ReturnType<typeof userEvent.setup>) {
  await choose(user, /^Category/, 'Certificates');
  await choose(user, /^Type/, 'SSL Certificate');
  setField(/^Name/, 'www certificate');
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create token' }));

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('create form: open while the workspace is empty, one click away once it holds tokens', () => {
  it('opens for an empty workspace', async () => {
    serve();
    renderForm({ ...FREE, token_count: 0 });
    expect(screen.getByRole('button', { name: 'Create New Token' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await screen.findByLabelText(/^Name/)).toBeVisible();
  });

  it('shows only its heading once tokens exist, opens with one click and keeps its draft', async () => {
    serve();
    renderForm({ ...FREE, token_count: 3 });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Create New Token' })).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Create New Token' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.type(await screen.findByLabelText(/^Name/), 'Draft name');
    await user.click(toggle);
    expect(screen.getByLabelText(/^Name/)).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Draft name');
  });

  it('opens when the workspace becomes empty', async () => {
    serve();
    const { rerender } = renderForm({ ...FREE, token_count: 2 });
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
    rerender(
      <QueryClientProvider client={createTestQueryClient()}>
        <CreateTokenForm
          workspace={{ ...FREE, token_count: 2 }}
          userEmail="ada@example.com"
          empty
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByLabelText(/^Name/)).toBeVisible();
  });
});

describe('Create New Token form', () => {
  it('shows the required messages at the fields and sends nothing', async () => {
    const { requests } = serve();
    renderForm();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Create New Token' })).toBeVisible();
    await submit(user);
    expect(await screen.findByText('Category is required')).toBeVisible();
    expect(screen.getByText('Type is required')).toBeVisible();
    expect(screen.getByText('Name is required')).toBeVisible();
    expect(screen.getByText('Expiration date is required')).toBeVisible();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('offers the types of the chosen category, then its fields', async () => {
    serve();
    renderForm();
    const user = userEvent.setup();
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await choose(user, /^Category/, 'Licenses');
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Software License',
      'Service Subscription',
      'Domain Registration',
    ]);
    await user.click(options[0]!);
    for (const label of [
      'Vendor',
      'License Type',
      'Cost',
      'Renewal URL',
      'Renewal Date',
      'Contacts',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Domains')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Key Size')).not.toBeInTheDocument();
    // Date pickers offer the years the server accepts.
    for (const label of [/^Expiration Date/, 'Renewal Date']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('min', '1970-01-01');
      expect(screen.getByLabelText(label)).toHaveAttribute('max', '9999-12-31');
    }
  });

  it('suggests the expiry by category and type until one is picked by hand', async () => {
    serve();
    renderForm();
    const user = userEvent.setup();
    const expiry = () => screen.getByLabelText(/^Expiration Date/);
    await choose(user, /^Category/, 'Keys & Secrets');
    expect(expiry()).toHaveValue(inDays(90));
    await choose(user, /^Type/, 'API Key');
    expect(expiry()).toHaveValue(inDays(365));
    await choose(user, /^Type/, 'Password');
    expect(expiry()).toHaveValue(inDays(90));
    await choose(user, /^Category/, 'Licenses');
    expect(expiry()).toHaveValue(inDays(365));
    await choose(user, /^Category/, 'Certificates');
    expect(expiry()).toHaveValue(inDays(90));
    setField(/^Expiration Date/, inDays(10));
    await choose(user, /^Category/, 'General');
    expect(expiry()).toHaveValue(inDays(10));
  });

  it('checks the name length and the expiry at their boundaries', async () => {
    const { requests } = serve();
    renderForm();
    const user = userEvent.setup();
    await fillValidCertificate(user);
    setField(/^Name/, 'n'.repeat(101));
    setField(/^Expiration Date/, today());
    await submit(user);
    expect(await screen.findByText('Name must be 100 characters or less')).toBeVisible();
    expect(screen.getByText('Expiration date must be in the future')).toBeVisible();

    setField(/^Name/, 'n'.repeat(100));
    setField(/^Expiration Date/, inDays(1));
    await waitFor(() =>
      expect(screen.queryByText('Name must be 100 characters or less')).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Expiration date must be in the future')).not.toBeInTheDocument();
    await submit(user);
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
  });

  it('checks key sizes against the form range of 128 to 16384', async () => {
    const { requests } = serve();
    renderForm();
    const user = userEvent.setup();
    await fillValidCertificate(user);
    const keySize = screen.getByLabelText('Key Size');
    expect(keySize).toHaveAttribute('min', '128');
    expect(keySize).toHaveAttribute('max', '16384');
    expect(keySize).toHaveAttribute('step', '1');

    for (const [value, message] of [
      ['127', 'Key size must be between 128 and 16384'],
      ['16385', 'Key size must be between 128 and 16384'],
      ['0', 'Key size must be a valid positive integer'],
      ['1.5', 'Key size must be a valid positive integer'],
    ] as const) {
      setField(/^Key Size/, value);
      await submit(user);
      expect(await screen.findByText(message)).toBeVisible();
    }
    for (const value of ['128', '16384']) {
      setField(/^Key Size/, value);
      await waitFor(() => expect(screen.queryByText(/^Key size must/)).not.toBeInTheDocument());
    }
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await submit(user);
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ key_size: 16384 });
  });

  it('checks the cost between 0 and 999999999999.99, with any decimals', async () => {
    serve();
    renderForm();
    const user = userEvent.setup();
    await choose(user, /^Category/, 'Licenses');
    await choose(user, /^Type/, 'Software License');
    setField(/^Name/, 'IDE seats');
    const cost = screen.getByLabelText('Cost');
    expect(cost).toHaveAttribute('min', '0');
    expect(cost).toHaveAttribute('max', '999999999999.99');
    expect(cost).toHaveAttribute('step', 'any');

    setField(/^Cost/, '-0.01');
    await submit(user);
    expect(await screen.findByText('Cost must be a valid positive number')).toBeVisible();
    setField(/^Cost/, '1000000000000');
    expect(await screen.findByText('Cost must be less than 1 trillion')).toBeVisible();
    setField(/^Cost/, '999999999999.99');
    await waitFor(() => expect(screen.queryByText(/^Cost must/)).not.toBeInTheDocument());
    setField(/^Cost/, '12.345');
    expect(screen.getByLabelText<HTMLInputElement>('Cost').validity.valid).toBe(true);
    setField(/^Cost/, '0');
    await waitFor(() => expect(screen.queryByText(/^Cost must/)).not.toBeInTheDocument());
  });

  it('refuses a domain list with an invalid entry, naming it', async () => {
    const { requests } = serve();
    renderForm();
    const user = userEvent.setup();
    await fillValidCertificate(user);
    setField(/^Domains/, 'not a domain, also-not');
    await submit(user);
    expect(
      await screen.findByText(
        'Please provide at least one valid domain: "not a domain", "also-not" are not valid',
      ),
    ).toBeVisible();
    setField(/^Domains/, 'Example.com, legacy..example.net, www.example.com');
    await submit(user);
    expect(
      await screen.findByText(
        'Please provide at least one valid domain: "legacy..example.net" is not valid',
      ),
    ).toBeVisible();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    setField(/^Domains/, 'Example.com, www.example.com, Bücher.DE');
    await submit(user);
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    // A Unicode name is one name with its A-labels (kept so, shown in Unicode).
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      domains: ['example.com', 'www.example.com', 'xn--bcher-kva.de'],
    });
  });

  it("offers to watch a new certificate's registered domain, then creates a domain registration that follows it", async () => {
    const { requests } = serve();
    renderForm();
    const user = userEvent.setup();
    await fillValidCertificate(user);
    setField(/^Domains/, 'shop.example.com, *.eu.example.com, www.xn--bcher-kva.de');
    await submit(user);
    const offer = await screen.findByText(
      /The certificate's names belong to example\.com, bücher\.de/,
    );
    expect(offer).toBeVisible();
    await user.click(screen.getByRole('button', { name: "Watch example.com's registration" }));
    expect(screen.getByLabelText(/^Domain to follow/)).toHaveValue('example.com');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('example.com');

    // Bad input is refused at the field, in the shared schema's words.
    setField(/^Domain to follow/, 'co.uk');
    await submit(user);
    expect(
      await screen.findByText(
        '"co.uk" is a public suffix, under which domains are registered: enter one of them (e.g. example.co.uk)',
      ),
    ).toBeVisible();
    setField(/^Domain to follow/, 'Bücher.de');
    await submit(user);
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    const post = requests.filter((r) => r.method === 'POST')[1];
    expect(post?.body).toMatchObject({
      category: 'license',
      type: 'domain_registration',
      registration_domain: 'xn--bcher-kva.de',
    });
    expect(post?.body).not.toHaveProperty('registration');
  });

  it('creates the token in the workspace, says so, clears the form, focuses it again and raises tokens-updated', async () => {
    const { requests } = serve();
    const successToast = jest.spyOn(toast, 'success');
    const updated = jest.fn();
    window.addEventListener(TOKENS_UPDATED_EVENT, updated);
    renderForm();
    const user = userEvent.setup();
    await choose(user, /^Category/, 'Keys & Secrets');
    await choose(user, /^Type/, 'Encryption Key');
    setField(/^Name/, '  Backup key  ');
    setField(/^Section/, 'platform');
    setField(/^Algorithm/, 'AES');
    setField(/^Key Size/, '256');
    setField(/^Location/, 'vault');
    await submit(user);
    await waitFor(() =>
      expect(successToast).toHaveBeenCalledWith('Token created successfully', expect.anything()),
    );
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.headers.get('X-CSRF-Token')).toBe('csrf');
    expect(post?.body).toMatchObject({
      workspace_id: 'ws-1',
      name: 'Backup key',
      category: 'key_secret',
      type: 'encryption_key',
      expiresAt: inDays(90),
      section: 'platform',
      algorithm: 'AES',
      key_size: 256,
      location: 'vault',
      used_by: null,
      contact_group_id: null,
      domains: [],
    });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    // Ready for the next one: the focus is back on the form's first field.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveFocus());
    expect(updated).toHaveBeenCalledTimes(1);
    window.removeEventListener(TOKENS_UPDATED_EVENT, updated);
    successToast.mockRestore();
  });

  it('shows a plan-limit refusal once, as a toast with the server message, and keeps the form', async () => {
    const message = 'Your Free plan allows 50 tokens per workspace. Upgrade your plan to add more.';
    installFetchMock({
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
      'POST /api/tokens': () => jsonResponse({ error: message, code: 'PLAN_LIMIT' }, 409),
    });
    const errorToast = jest.spyOn(toast, 'error');
    renderForm();
    const user = userEvent.setup();
    await fillValidCertificate(user);
    await submit(user);
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith(message, expect.anything()));
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('www certificate');
    errorToast.mockRestore();
  });

  it('shows a refusal that names a field at that field only, without a toast', async () => {
    installFetchMock({
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
      'POST /api/tokens': () =>
        jsonResponse(
          {
            error: 'Name is taken here',
            code: 'VALIDATION_ERROR',
            details: [{ path: 'name', message: 'Name is taken here' }],
          },
          400,
        ),
    });
    const errorToast = jest.spyOn(toast, 'error');
    renderForm();
    const user = userEvent.setup();
    await fillValidCertificate(user);
    await submit(user);
    expect(await screen.findByText('Name is taken here')).toBeVisible();
    expect(errorToast).not.toHaveBeenCalled();
    errorToast.mockRestore();
  });

  it('on a free workspace shows the admin email in a disabled contact group field', () => {
    serve();
    renderForm(FREE, 'ada@example.com');
    const field = screen.getByLabelText('Contact Group');
    expect(field).toBeDisabled();
    expect(field).toHaveValue('ada@example.com');
    expect(screen.getByText(CONTACT_GROUP_UPGRADE_NOTE)).toBeVisible();
    expect(CONTACT_GROUP_UPGRADE_NOTE).toContain('upgrade to Pro or Team');
  });

  it("shows a workspace manager the admin's email from the members list", async () => {
    serve();
    renderForm({ ...FREE, role: 'workspace_manager' }, 'manager@example.com');
    await waitFor(() =>
      expect(screen.getByLabelText('Contact Group')).toHaveValue('owner@example.com'),
    );
  });

  it('on a paid workspace offers the workspace default and the contact groups', async () => {
    const { requests } = serve();
    renderForm(PRO);
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: /^Contact Group/ });
    expect(select).toHaveTextContent(USE_WORKSPACE_DEFAULT);
    await user.click(select);
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: 'Security' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([USE_WORKSPACE_DEFAULT, 'Operations', 'Security']);
    await user.click(within(listbox).getByRole('option', { name: 'Security' }));
    await fillValidCertificate(user);
    await submit(user);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
        contact_group_id: 'g-sec',
      }),
    );
  });

  it('alerts more groups, and marks a monitored certificate as renewing automatically unless unticked', async () => {
    const { requests } = serve();
    renderForm(PRO);
    const user = userEvent.setup();
    await fillValidCertificate(user);
    await user.click(screen.getByRole('combobox', { name: /^Also alert/ }));
    const listbox = await screen.findByRole('listbox');
    await user.click(await within(listbox).findByRole('option', { name: 'Operations' }));
    await user.click(within(listbox).getByRole('option', { name: 'Security' }));
    await user.keyboard('{Escape}');
    const renews = screen.getByRole('checkbox', { name: RENEWS_AUTOMATICALLY_LABEL });
    expect(renews).not.toBeChecked();
    setField(/^Endpoints/, 'www.example.com');
    // A certificate with endpoints to monitor renews automatically by default, with its grace.
    expect(renews).toBeChecked();
    setField(/^Renewal grace/, '10');
    await submit(user);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
        contact_group_id: null,
        additional_contact_group_ids: ['g-ops', 'g-sec'],
        renews_automatically: true,
        renewal_grace_days: 10,
      }),
    );
  });
});
