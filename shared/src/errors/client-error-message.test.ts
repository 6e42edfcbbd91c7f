import { clientErrorMessage } from './client-error-message';
import { PUBLIC_PAGE_PATHS, isPublicPage } from './public-pages';

describe('clientErrorMessage', () => {
  const path = '/dashboard';

  it('400: the server message, else the default', () => {
    expect(clientErrorMessage({ status: 400, serverMessage: 'Name is required', path })).toEqual({
      message: 'Name is required',
      silent: false,
    });
    expect(clientErrorMessage({ status: 400, path })).toEqual({
      message: 'Invalid request. Please check your input.',
      silent: false,
    });
    expect(clientErrorMessage({ status: 400, serverMessage: '  ', path }).message).toBe(
      'Invalid request. Please check your input.',
    );
  });

  it.each([
    '/',
    '/login',
    '/login/two-factor',
    '/register',
    '/pricing',
    '/help',
    '/privacy-policy',
    '/terms-of-service',
    '/unsubscribe',
  ])('401 on %s is silent', (page) => {
    const outcome = clientErrorMessage({ status: 401, path: page });
    expect(outcome.silent).toBe(true);
    expect(outcome.redirectToLoginAfterMs).toBeUndefined();
  });

  it.each(['/dashboard', '/billing', '/docs', '/workspaces', '/pricing/extra'])(
    '401 on %s expires the session and redirects after 800 ms',
    (page) => {
      expect(clientErrorMessage({ status: 401, path: page })).toEqual({
        message: 'Your session has expired. Please log in again.',
        silent: false,
        redirectToLoginAfterMs: 800,
      });
    },
  );

  it.each(['/login', '/dashboard'])(
    '401 INVALID_CREDENTIALS on %s is a refusal, not an expired session',
    (page) => {
      const outcome = clientErrorMessage({
        status: 401,
        code: 'INVALID_CREDENTIALS',
        serverMessage: 'Invalid email or password',
        path: page,
      });
      expect(outcome).toEqual({ message: 'Invalid email or password', silent: false });
      expect(
        clientErrorMessage({ status: 401, code: 'INVALID_CREDENTIALS', path: page }).message,
      ).toBe('Invalid email or password');
    },
  );

  it('403: the server message, else the default', () => {
    expect(
      clientErrorMessage({ status: 403, serverMessage: 'Workspace is frozen', path }).message,
    ).toBe('Workspace is frozen');
    expect(clientErrorMessage({ status: 403, path }).message).toBe(
      "Access denied. You don't have permission for this action.",
    );
  });

  it.each([
    [404, 'Resource not found.'],
    [500, 'Server error. Please try again later.'],
  ])('%i: %s, ignoring the server message', (status, message) => {
    expect(clientErrorMessage({ status, serverMessage: 'from server', path })).toEqual({
      message,
      silent: false,
    });
  });

  it.each([409, 405, 413, 415, 418, 429, 502, 503])(
    '%i: the server message, never a status line',
    (status) => {
      expect(
        clientErrorMessage({ status, serverMessage: 'Your Pro plan allows 3 workspaces.', path }),
      ).toEqual({ message: 'Your Pro plan allows 3 workspaces.', silent: false });
    },
  );

  it.each([
    [429, 'Too many requests. Please wait a moment and try again.'],
    [409, 'An unexpected error occurred.'],
    [418, 'An unexpected error occurred.'],
    [502, 'Server error. Please try again later.'],
    [504, 'Server error. Please try again later.'],
  ])('%i without a server message: %s', (status, message) => {
    const outcome = clientErrorMessage({ status, serverMessage: ' ', path });
    expect(outcome).toEqual({ message, silent: false });
    expect(outcome.message).not.toMatch(/status/i);
  });

  it('no response: network error', () => {
    expect(clientErrorMessage({ noResponse: true, path })).toEqual({
      message: 'Network error. Please check your connection and try again.',
      silent: false,
    });
  });

  it('otherwise: unexpected error', () => {
    expect(clientErrorMessage({ path })).toEqual({
      message: 'An unexpected error occurred.',
      silent: false,
    });
  });
});

describe('isPublicPage', () => {
  it('ignores query, hash and trailing slash', () => {
    expect(PUBLIC_PAGE_PATHS).toHaveLength(10);
    expect(isPublicPage('/alert-action?token=a1.signed')).toBe(true);
    expect(isPublicPage('/login?next=/x')).toBe(true);
    expect(isPublicPage('/help/')).toBe(true);
    expect(isPublicPage('/#top')).toBe(true);
    expect(isPublicPage('')).toBe(true);
    expect(isPublicPage('/verify-email')).toBe(false);
  });
});
