import {
  RUNTIME_CONFIG_URL,
  defaultRuntimeConfig,
  getRuntimeConfig,
  loadRuntimeConfig,
} from './runtime-config';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const full = {
  apiBaseUrl: 'https://api.example.com',
  analyticsKey: 'phc_123',
  analyticsHost: 'https://eu.example.com',
  supportEmail: 'help@example.com',
  communityChatUrl: 'https://chat.example.com',
};

describe('loadRuntimeConfig', () => {
  it('reads /config.json, only the settings the web uses', async () => {
    const served = { ...full, paymentPublishableKey: 'pk_test_123' };
    const fetchFn = jest.fn<Promise<Response>, Parameters<typeof fetch>>(() =>
      Promise.resolve(jsonResponse(served)),
    );
    await expect(loadRuntimeConfig(fetchFn)).resolves.toEqual(full);
    expect(fetchFn).toHaveBeenCalledWith(RUNTIME_CONFIG_URL, expect.anything());
    expect(getRuntimeConfig()).toEqual(full);
  });

  it('falls back to empty defaults when the fetch fails', async () => {
    const config = await loadRuntimeConfig(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(config).toEqual({
      apiBaseUrl: '',
      analyticsKey: '',
      analyticsHost: '',
      supportEmail: '',
      communityChatUrl: '',
    });
    expect(getRuntimeConfig()).toBe(defaultRuntimeConfig);
  });

  it('falls back to the defaults when /config.json is missing or not JSON', async () => {
    await expect(loadRuntimeConfig(() => Promise.resolve(jsonResponse({}, 404)))).resolves.toBe(
      defaultRuntimeConfig,
    );
    await expect(
      loadRuntimeConfig(() => Promise.resolve(new Response('<!doctype html>', { status: 200 }))),
    ).resolves.toBe(defaultRuntimeConfig);
    await expect(loadRuntimeConfig(() => Promise.resolve(jsonResponse(null)))).resolves.toEqual(
      defaultRuntimeConfig,
    );
  });

  it('defaults each missing or invalid field on its own', async () => {
    const config = await loadRuntimeConfig(() =>
      Promise.resolve(jsonResponse({ apiBaseUrl: ' http://localhost:4000 ', analyticsKey: 42 })),
    );
    expect(config).toEqual({
      apiBaseUrl: 'http://localhost:4000',
      analyticsKey: '',
      analyticsHost: '',
      supportEmail: '',
      communityChatUrl: '',
    });
  });
});
