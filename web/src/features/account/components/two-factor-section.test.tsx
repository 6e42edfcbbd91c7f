import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import {
  installFetchMock,
  jsonResponse,
  sessionFor,
  type RouteHandler,
} from '../../../../test-support/mock-fetch';
import { renderRoutes } from '../../../../test-support/render-app';
import { resetApiClientState } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { resetToastHistory } from '../../../lib/toasts';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesText } from './recovery-codes-panel';
import { TwoFactorSection } from './two-factor-section';

jest.mock('../../../lib/save-file', () => ({ saveFile: jest.fn() }));

const CODES = Array.from({ length: 10 }, (_, index) => `abcd-efgh-jkmn-pq${index}${index}`);
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri:
    'otpauth://totp/Expiry%20Radar:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
};

function serve(routes: Record<string, RouteHandler>) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor()),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    ...routes,
  });
}

const off = { enabled: false, enabledAt: null, recoveryCodesRemaining: 0 };
const on = { enabled: true, enabledAt: '2026-01-01T00:00:00.000Z', recoveryCodesRemaining: 10 };

function renderSection() {
  return renderRoutes(
    [{ path: '/dashboard', element: <TwoFactorSection email="ada@example.com" /> }],
    '/dashboard?view=account',
  );
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('two-factor section', () => {
  it('sets up with the password, a QR code and the key, a code, then shows the recovery codes once', async () => {
    let enabled = false;
    const { requests } = serve({
      'GET /api/account/two-factor': () => jsonResponse(enabled ? on : off),
      'POST /api/account/two-factor/enrolment': () => jsonResponse(ENROLMENT),
      'POST /api/account/two-factor/enrolment/confirm': () => {
        enabled = true;
        return jsonResponse({ recoveryCodes: CODES });
      },
    });
    const save = jest.mocked(saveFile);
    save.mockClear();
    renderSection();
    const user = userEvent.setup();
    expect(await screen.findByText('Two-factor authentication is off.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('img', {
        name: 'QR code to add Expiry Radar to your authenticator app',
      }),
    ).toHaveAttribute('src', ENROLMENT.qrCodeDataUrl);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeVisible();
    await user.type(screen.getByLabelText(/Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(requests.find((r) => r.path === '/api/account/two-factor/enrolment')?.body).toEqual({
      password: 'correct horse battery staple',
    });
    expect(
      requests.find((r) => r.path === '/api/account/two-factor/enrolment/confirm')?.body,
    ).toEqual({ code: '123456' });

    await user.click(screen.getByRole('button', { name: 'Download as .txt' }));
    expect(save).toHaveBeenCalledTimes(1);
    const file = save.mock.calls[0]![0];
    expect(file.fileName).toBe(RECOVERY_CODES_FILE_NAME);
    const text = recoveryCodesText(CODES, 'ada@example.com');
    for (const code of CODES) expect(text).toContain(code);
    expect(file.blob.type).toBe('text/plain');
    expect(file.blob.size).toBe(new TextEncoder().encode(text).length);

    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await screen.findByText('Two-factor authentication is on.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.getByText('10 recovery codes left.')).toBeVisible();
  });

  it('shows a wrong password where it was typed', async () => {
    serve({
      'GET /api/account/two-factor': () => jsonResponse(off),
      'POST /api/account/two-factor/enrolment': () =>
        jsonResponse(
          { error: 'Current password is incorrect', code: 'INVALID_CURRENT_PASSWORD' },
          400,
        ),
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Set up two-factor authentication' }),
    );
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Current password is incorrect')).toBeVisible();
  });

  it('gets new recovery codes with the password', async () => {
    const { requests } = serve({
      'GET /api/account/two-factor': () => jsonResponse({ ...on, recoveryCodesRemaining: 2 }),
      'POST /api/account/two-factor/recovery-codes': () => jsonResponse({ recoveryCodes: CODES }),
    });
    renderSection();
    const user = userEvent.setup();
    expect(await screen.findByText('2 recovery codes left.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Get new recovery codes' }));
    await user.click(screen.getByRole('button', { name: 'Get new codes' }));
    expect(
      await screen.findByText('Enter your password or a code from your authenticator app'),
    ).toBeVisible();
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Get new codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeVisible();
    expect(requests.find((r) => r.path === '/api/account/two-factor/recovery-codes')?.body).toEqual(
      {
        password: 'correct horse battery staple',
      },
    );
  });

  it('turns off with the password and a code', async () => {
    let enabled = true;
    const { requests } = serve({
      'GET /api/account/two-factor': () => jsonResponse(enabled ? on : off),
      'DELETE /api/account/two-factor': () => {
        enabled = false;
        return jsonResponse({ ok: true });
      },
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Turn off two-factor authentication' }),
    );
    const form = screen.getByRole('form', { name: 'Turn off two-factor authentication' });
    await user.type(within(form).getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByText('Enter a code from your authenticator app or a recovery code'),
    ).toBeVisible();
    await user.type(within(form).getByLabelText(/Code from your authenticator app/), '654321');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor authentication is off.')).toBeVisible();
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({
        code: '654321',
        password: 'correct horse battery staple',
      }),
    );
  });
});
