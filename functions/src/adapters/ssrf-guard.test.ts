import type { LookupAddress } from 'node:dns';
import {
  BlockedAddressError,
  checkWebhookUrl,
  guardedLookup,
  systemResolver,
  webhookTargetPolicy,
  type Resolver,
} from './ssrf-guard';

const strict = { httpsOnly: true, allowLoopback: false };
const resolverOf =
  (answers: Record<string, LookupAddress[]>): Resolver =>
  (hostname) =>
    Promise.resolve(answers[hostname] ?? []);

function lookupWith(
  resolver: Resolver,
  hostname: string,
  options: { all?: boolean; family?: number } = {},
  policy = { allowLoopback: false },
) {
  return new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) => {
    guardedLookup(policy, resolver)(hostname, options, (error, address, family) =>
      resolve({ error, address, family }),
    );
  });
}

describe('webhookTargetPolicy', () => {
  it('is https only in production and never allows loopback there', () => {
    expect(webhookTargetPolicy({ appEnv: 'production', webhookAllowLoopback: true })).toEqual({
      httpsOnly: true,
      allowLoopback: false,
    });
    expect(webhookTargetPolicy({ appEnv: 'local', webhookAllowLoopback: true })).toEqual({
      httpsOnly: false,
      allowLoopback: true,
    });
    expect(webhookTargetPolicy({ appEnv: 'test', webhookAllowLoopback: false })).toEqual({
      httpsOnly: false,
      allowLoopback: false,
    });
  });
});

describe('checkWebhookUrl', () => {
  it('needs https in production', () => {
    expect(checkWebhookUrl('http://hooks.example.com/x', strict)).toEqual({
      ok: false,
      reason: 'https',
      message: 'Webhook URL must use https',
    });
    expect(checkWebhookUrl('http://hooks.example.com/x', { ...strict, httpsOnly: false }).ok).toBe(
      true,
    );
  });

  it.each([
    'https://127.0.0.1/x',
    'https://2130706433/x', // 127.0.0.1 written as one number
    'https://0x7f.1/x',
    'https://10.0.0.5/x',
    'https://192.168.1.1:8443/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/x',
    'https://[fd00::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::ffff:169.254.169.254]/x',
    'https://[64:ff9b::a00:1]/x',
    'https://0.0.0.0/x',
  ])('refuses the address literal in %s', (url) => {
    expect(checkWebhookUrl(url, strict)).toMatchObject({ ok: false, reason: 'blocked' });
  });

  it('leaves host names to the lookup and allows public literals', () => {
    expect(checkWebhookUrl('https://localhost/x', strict).ok).toBe(true);
    expect(checkWebhookUrl('https://8.8.8.8/x', strict).ok).toBe(true);
    expect(checkWebhookUrl('https://[2606:4700:4700::1111]/x', strict).ok).toBe(true);
  });
});

describe('guardedLookup', () => {
  const resolver = resolverOf({
    'public.example': [{ address: '93.184.216.34', family: 4 }],
    'dual.example': [
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '93.184.216.34', family: 4 },
    ],
    'internal.example': [{ address: '10.0.0.7', family: 4 }],
    'metadata.example': [{ address: '169.254.169.254', family: 4 }],
    'mixed.example': [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ],
    'ula.example': [{ address: 'fd00::5', family: 6 }],
    'mapped.example': [{ address: '::ffff:192.168.0.1', family: 6 }],
    'loop.example': [{ address: '::1', family: 6 }],
  });

  it('answers a public address in the shape asked for', async () => {
    expect(await lookupWith(resolver, 'public.example')).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
    expect(await lookupWith(resolver, 'dual.example', { all: true })).toEqual({
      error: null,
      address: [
        { address: '2606:4700:4700::1111', family: 6 },
        { address: '93.184.216.34', family: 4 },
      ],
      family: undefined,
    });
    expect((await lookupWith(resolver, 'dual.example', { family: 4 })).address).toBe(
      '93.184.216.34',
    );
  });

  it.each([
    'internal.example',
    'metadata.example',
    'mixed.example',
    'ula.example',
    'mapped.example',
    'loop.example',
  ])('refuses %s, which resolves to a non-public address', async (hostname) => {
    const { error } = await lookupWith(resolver, hostname, { all: true });
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error).toMatchObject({ code: 'EBLOCKEDADDRESS', hostname });
  });

  it('refuses localhost through the real resolver unless loopback is allowed', async () => {
    const refused = await lookupWith(systemResolver, 'localhost');
    expect(refused.error).toMatchObject({ code: 'EBLOCKEDADDRESS', addressClass: 'loopback' });
    const allowed = await lookupWith(
      systemResolver,
      'localhost',
      {},
      {
        allowLoopback: true,
      },
    );
    expect(allowed.error).toBeNull();
  });

  it('reports a name without addresses as not found', async () => {
    expect((await lookupWith(resolver, 'nowhere.example')).error).toMatchObject({
      code: 'ENOTFOUND',
    });
  });
});
