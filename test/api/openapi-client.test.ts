import { randomUUID } from 'node:crypto';
import createClient, { type Middleware } from 'openapi-fetch';
import ICAL from 'ical.js';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import type { LocalAppProcess } from '../support/local-app-process';
import { appForSuite, suiteClientHeaders } from '../support/shared-app';
import { waitForEmail } from '../support/ses-inbox';
import type { paths } from './openapi-types.generated';

/**
 * The API as an outside client sees it, on `npm start`'s program: a client generated from the
 * served OpenAPI description (openapi-typescript types, openapi-fetch) signs up, creates tokens
 * and lists them; the workspace's calendar feed, fetched without a session, holds one event per
 * token, and refuses a wrong or replaced key.
 */
describe('the API through a client generated from its OpenAPI description', () => {
  let app: LocalAppProcess;

  beforeAll(async () => {
    app = await appForSuite({ ALERT_SCAN_INTERVAL_SECONDS: '3600' });
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
  });

  /** A client that keeps the session's cookies and sends the CSRF header on writes. */
  function sessionClient() {
    const jar = new Map<string, string>();
    const session = { csrfToken: '' };
    const cookies: Middleware = {
      onRequest({ request }) {
        request.headers.set(
          'cookie',
          [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        );
        if (request.method !== 'GET') request.headers.set('X-CSRF-Token', session.csrfToken);
        return request;
      },
      onResponse({ response }) {
        for (const setCookie of response.headers.getSetCookie()) {
          const [name, value] = setCookie.split(';')[0]!.split('=') as [string, string];
          if (value === '') jar.delete(name);
          else jar.set(name, value);
        }
        return response;
      },
    };
    const client = createClient<paths>({
      baseUrl: app.appUrl,
      redirect: 'manual',
      headers: suiteClientHeaders(),
    });
    client.use(cookies);
    const refreshCsrf = async () => {
      const { data } = await client.GET('/api/csrf-token');
      session.csrfToken = data!.csrfToken;
    };
    return { client, refreshCsrf };
  }

  it('serves its own description, which names every operation it is called with', async () => {
    const response = await fetch(`${app.appUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/tokens']?.get?.operationId).toBe('listTokens');
    expect(document.paths['/api/v1/workspaces/{id}/calendar.ics']?.get?.operationId).toBe(
      'getCalendarFeed',
    );
  });

  it('signs up, creates and lists tokens, and reads them as a calendar feed', async () => {
    const { client, refreshCsrf } = sessionClient();
    await refreshCsrf();
    const email = `openapi-${randomUUID()}@example.com`;
    const password = 'a long enough passphrase';
    const registered = await client.POST('/auth/register', {
      body: { email, password, name: 'Ada' },
    });
    expect(registered.response.status).toBe(202);
    expect(registered.data).toEqual({ ok: true });

    const verification = await waitForEmail(app.endpoints.emailViewer ?? '', {
      to: email,
      subject: /verify/i,
    });
    const token = /token=([\w-]+)/.exec(verification.body.text ?? '')?.[1];
    const verified = await client.GET('/auth/verify-email', {
      params: { query: { token: token ?? '' } },
    });
    expect(verified.response.status).toBe(302);
    const signedIn = await client.POST('/auth/login', { body: { email, password } });
    expect(signedIn.data?.loggedIn).toBe(true);
    await refreshCsrf();

    const workspaces = await client.GET('/api/v1/workspaces', { params: { query: {} } });
    const workspaceId = workspaces.data!.items[0]!.id;
    const names = ['api.example.com', 'Deploy key'];
    for (const [index, name] of names.entries()) {
      const created = await client.POST('/api/tokens', {
        body: {
          workspace_id: workspaceId,
          name,
          category: index === 0 ? 'cert' : 'key_secret',
          type: index === 0 ? 'tls_cert' : 'api_key',
          expiresAt: addCalendarDays(new Date(), 30 + index),
        },
      });
      expect(created.response.status).toBe(201);
      expect(created.data?.name).toBe(name);
    }
    const listed = await client.GET('/api/tokens', {
      params: { query: { workspace_id: workspaceId } },
    });
    expect(listed.error).toBeUndefined();
    expect(listed.data?.items.map((item) => item.name).sort()).toEqual([...names].sort());

    const link = await client.GET('/api/v1/workspaces/{id}/calendar-feed', {
      params: { path: { id: workspaceId } },
    });
    expect(link.data?.canRotate).toBe(true);
    // A calendar app: no cookies, the key in the URL.
    const feed = await fetch(`${app.appUrl}${link.data!.path}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()) as unknown[]);
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(events).toHaveLength(names.length);
    expect(events.map((event) => event.summary).sort()).toEqual([
      'Deploy key expires (Keys & Secrets)',
      'api.example.com expires (Certificates)',
    ]);
    expect(events.every((event) => event.startDate.isDate)).toBe(true);

    const wrongKey = await fetch(
      `${app.appUrl}/api/v1/workspaces/${workspaceId}/calendar.ics?key=${'A'.repeat(43)}`,
    );
    expect(wrongKey.status).toBe(404);

    const rotated = await client.POST('/api/v1/workspaces/{id}/calendar-feed/rotate', {
      params: { path: { id: workspaceId } },
    });
    expect(rotated.response.status).toBe(200);
    expect(rotated.data?.path).not.toBe(link.data!.path);
    expect((await fetch(`${app.appUrl}${link.data!.path}`)).status).toBe(404);
    expect((await fetch(`${app.appUrl}${rotated.data!.path}`)).status).toBe(200);
  }, 60_000);
});
