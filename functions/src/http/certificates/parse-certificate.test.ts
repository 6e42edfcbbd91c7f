import '../../../test-support/log-at-info';
import { PRIVATE_KEY_MESSAGE } from '@expiry-radar/shared/domain/certificate-text';
import { invoke } from '../../../test-support/api-gateway-event';
import {
  makeCertificateChain,
  makeSelfSignedCertificate,
} from '../../../test-support/certificates';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { routeRequest } from '../../../test-support/workspace-fixtures';
import { logger } from '../../platform/logger';
import { handler as parseCertificate } from './parse-certificate';

const ROUTE = '/api/certificates/parse';

const parse = (cookie: string | undefined, body: unknown) =>
  invoke(parseCertificate, routeRequest('POST', ROUTE, { cookie, body }));

/** Every line written to stdout and every logger call made while `run` runs, as text. */
async function captureLogging(run: () => Promise<void>): Promise<string> {
  const written: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  });
  const methods = ['debug', 'info', 'warn', 'error', 'critical', 'appendKeys'] as const;
  const spies = methods.map((method) => jest.spyOn(logger, method));
  try {
    await run();
  } finally {
    write.mockRestore();
  }
  const calls = spies.flatMap((spy) => spy.mock.calls.map((args) => JSON.stringify(args)));
  spies.forEach((spy) => spy.mockRestore());
  return [...written, ...calls].join('\n');
}

describe('POST /api/certificates/parse', () => {
  let user: Awaited<ReturnType<typeof givenSignedInUser>>;
  beforeAll(async () => {
    user = await givenSignedInUser();
  });

  it('answers the leaf of a chain in the token fields, and says it came from a chain', async () => {
    const chain = makeCertificateChain({
      commonName: 'shop.example.com',
      altNames: 'DNS:shop.example.com,DNS:www.shop.example.com',
      days: 120,
    });
    const response = await parse(user.cookie, {
      pem: chain.leaf.pem + chain.intermediate.pem + chain.root.pem,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({
      chain_certificates: 2,
      certificates: [
        {
          subject: 'CN=shop.example.com',
          chain_length: 3,
          key_algorithm: 'RSA',
          key_size: 2048,
          token: {
            name: 'shop.example.com',
            type: 'ssl_cert',
            domains: ['shop.example.com', 'www.shop.example.com'],
            issuer: 'Test Trust',
            algorithm: 'RSA',
            key_size: 2048,
          },
        },
      ],
    });
  });

  it('answers each leaf of a bundle', async () => {
    const pems = ['a.example.com', 'b.example.com', 'c.example.com'].map(
      (commonName) => makeSelfSignedCertificate({ commonName, key: 'ec:P-256' }).pem,
    );
    const response = await parse(user.cookie, { pem: pems.join('') });
    expect(response.statusCode).toBe(200);
    const { certificates } = response.json as { certificates: { token: { name: string } }[] };
    expect(certificates.map((certificate) => certificate.token.name)).toEqual([
      'a.example.com',
      'b.example.com',
      'c.example.com',
    ]);
  });

  it('refuses a private key, alone or with its certificate, and never logs it', async () => {
    const { pem, keyPem } = makeSelfSignedCertificate({ commonName: 'key.example.com' });
    const keyBody = keyPem.split('\n').slice(1, -2).join('');
    const answers: Array<{ statusCode?: number; json: unknown }> = [];
    const logged = await captureLogging(async () => {
      answers.push(await parse(user.cookie, { pem: keyPem }));
      answers.push(await parse(user.cookie, { pem: `${pem}\n${keyPem}` }));
      const rsa = keyPem.replace(/PRIVATE KEY/g, 'RSA PRIVATE KEY');
      answers.push(await parse(user.cookie, { pem: rsa }));
    });
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json).toEqual({
        error: PRIVATE_KEY_MESSAGE,
        code: 'VALIDATION_ERROR',
        details: [{ path: 'pem', message: PRIVATE_KEY_MESSAGE }],
      });
    }
    // The refusals were logged (so the capture works), the key never.
    expect(logged).toContain('Request refused');
    expect(keyBody.length).toBeGreaterThan(100);
    for (const piece of [keyBody.slice(0, 40), keyBody.slice(-40), 'PRIVATE KEY']) {
      expect(logged).not.toContain(piece);
    }
  });

  it('says when the text holds no certificate or an unreadable one', async () => {
    const none = await parse(user.cookie, { pem: 'just some text' });
    expect(none.statusCode).toBe(400);
    expect((none.json as { error: string }).error).toMatch(/^No certificate found/);
    const { pem } = makeSelfSignedCertificate({ commonName: 'x.example.com' });
    const cut = await parse(user.cookie, { pem: pem.replace(/\n[A-Za-z0-9+/]{64}\n/, '\n') });
    expect(cut.json).toMatchObject({
      error: 'Certificate 1 could not be read. Check that it is complete.',
    });
    const empty = await parse(user.cookie, { pem: '  ' });
    expect(empty.json).toMatchObject({ error: 'Paste a certificate or choose a file' });
  });

  it('needs a verified session', async () => {
    const { pem } = makeSelfSignedCertificate({ commonName: 'x.example.com' });
    expect((await parse(undefined, { pem })).statusCode).toBe(401);
    const unverified = await givenSignedInUser({ emailVerified: false });
    expect((await parse(unverified.cookie, { pem })).statusCode).toBe(403);
  });
});
