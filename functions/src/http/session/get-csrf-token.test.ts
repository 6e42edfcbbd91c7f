import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { handler } from './get-csrf-token';

describe('GET /api/csrf-token', () => {
  it('answers a new token and sets it in an HttpOnly cookie', async () => {
    const response = await invoke(
      handler,
      apiGatewayEvent({ method: 'GET', path: '/api/csrf-token' }),
    );
    const { csrfToken } = response.json as { csrfToken: string };
    expect(response.statusCode).toBe(200);
    expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.cookies).toEqual([`er_csrf=${csrfToken}; Path=/; HttpOnly; SameSite=Lax`]);
  });

  it('keeps the token the browser already holds', async () => {
    const response = await invoke(
      handler,
      apiGatewayEvent({
        method: 'GET',
        path: '/api/csrf-token',
        cookies: ['er_csrf=existing-token'],
      }),
    );
    expect(response.json).toEqual({ csrfToken: 'existing-token' });
  });

  it('marks the cookie Secure when not served from localhost', async () => {
    const response = await invoke(
      handler,
      apiGatewayEvent({
        method: 'GET',
        path: '/api/csrf-token',
        headers: { host: 'app.expiry-radar.example' },
      }),
    );
    expect(response.cookies?.[0]).toMatch(/; Secure$/);
  });

  it('gives different browsers different tokens', async () => {
    const event = () => apiGatewayEvent({ method: 'GET', path: '/api/csrf-token' });
    const first = await invoke(handler, event());
    const second = await invoke(handler, event());
    expect(first.json).not.toEqual(second.json);
  });
});
