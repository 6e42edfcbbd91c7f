import { createHmac } from 'node:crypto';
import {
  computeSignature,
  signatureHeaders,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyWebhookSignature,
} from './webhook-signature';

const secret = 'whsec_test';
const body = '{"type":"test"}';
const now = new Date('2030-01-01T00:00:00.000Z');

describe('webhook signatures', () => {
  it('signs HMAC-SHA256 over timestamp "." body, hex, with a v1= prefix', () => {
    const headers = signatureHeaders(secret, body, now);
    const timestamp = String(now.getTime() / 1000);
    expect(headers[TIMESTAMP_HEADER]).toBe(timestamp);
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
    expect(headers[SIGNATURE_HEADER]).toBe(`v1=${expected}`);
  });

  it('verifies a round trip and refuses tampering, other secrets and stale timestamps', () => {
    const headers = signatureHeaders(secret, body, now);
    const verify = (overrides: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
      verifyWebhookSignature({
        secret,
        body,
        timestamp: headers[TIMESTAMP_HEADER],
        signature: headers[SIGNATURE_HEADER],
        now,
        ...overrides,
      });
    expect(verify({})).toBe(true);
    expect(verify({ now: new Date(now.getTime() + 299_000) })).toBe(true);
    expect(verify({ body: '{"type":"tampered"}' })).toBe(false);
    expect(verify({ secret: 'whsec_other' })).toBe(false);
    expect(verify({ now: new Date(now.getTime() + 301_000) })).toBe(false);
    expect(verify({ timestamp: String(Number(headers[TIMESTAMP_HEADER]) + 1) })).toBe(false);
    expect(verify({ signature: undefined })).toBe(false);
    expect(verify({ timestamp: 'soon' })).toBe(false);
    expect(verify({ signature: 'v1=00' })).toBe(false);
    expect(
      verify({
        signature: `${computeSignature('old', headers[TIMESTAMP_HEADER], body)}, ${headers[SIGNATURE_HEADER]}`,
      }),
    ).toBe(true);
  });
});
