import { alertLocation } from '../data/entities/alert';
import { endpointProblemAlertIdOf, parseAlertId } from './alert-schedule';
import { evaluateEndpointCheck, type ServedCertificate } from './endpoint-check';

const now = new Date('2030-03-01T12:00:00.000Z');
const served: ServedCertificate = {
  notAfter: '2030-06-01T00:00:00.000Z',
  notBefore: '2030-01-01T00:00:00.000Z',
  names: ['shop.example.com'],
  subject: 'CN=shop.example.com',
  issuer: 'CN=Issuing CA, O=Trust',
  issuerField: 'Trust',
  serialNumber: '0A1B',
  fingerprintSha256: 'AB:CD',
  protocol: 'TLSv1.3',
  chainTrusted: true,
  chainError: null,
  nameMatches: true,
  pem: '',
};
const judge = (certificate: Partial<ServedCertificate>, tokenExpiresAt = '2030-06-01') =>
  evaluateEndpointCheck({
    endpointKey: 'shop.example.com:443',
    probe: { ok: true, certificate: { ...served, ...certificate } },
    previous: null,
    tokenExpiresAt,
    now,
  });

describe('an endpoint check judged', () => {
  it('follows a later certificate, and names the first thing wrong otherwise', () => {
    expect(judge({}, '2030-04-01')).toMatchObject({
      renewal: { expiresAt: '2030-06-01', issuer: 'Trust', serialNumber: '0A1B' },
      check: { status: 'renewed', problem: null },
    });
    expect(judge({}).check.status).toBe('ok');
    expect(judge({ notAfter: '2030-02-01T00:00:00.000Z', nameMatches: false }).raised).toBe(
      'expired',
    );
    expect(judge({ nameMatches: false, chainTrusted: false }).raised).toBe('name_mismatch');
    expect(judge({ chainTrusted: false }).raised).toBe('untrusted_chain');
    expect(judge({}, '2030-07-01')).toMatchObject({ raised: 'older', renewal: null });
  });

  it('raises unreachable on the third failure in a row, once, and clears it when served again', () => {
    let previous = null;
    const raised = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const verdict = evaluateEndpointCheck({
        endpointKey: 'shop.example.com:443',
        probe: { ok: false, reason: 'unreachable', message: 'Could not connect (ECONNREFUSED)' },
        previous,
        tokenExpiresAt: '2030-06-01',
        now,
      });
      raised.push(verdict.raised);
      previous = verdict.check;
    }
    expect(raised).toEqual([null, null, 'unreachable', null]);
    const back = evaluateEndpointCheck({
      endpointKey: 'shop.example.com:443',
      probe: { ok: true, certificate: served },
      previous,
      tokenExpiresAt: '2030-06-01',
      now,
    });
    expect(back).toMatchObject({ cleared: 'unreachable', raised: null, check: { status: 'ok' } });
  });
});

describe('the alert id of an endpoint problem', () => {
  it('names the token, its expiry, the problem and the endpoint, and has a place in the table', () => {
    const alertId = endpointProblemAlertIdOf({
      tokenId: 'ws-1.abc',
      expiresAt: '2030-06-01',
      problem: 'expired',
      since: '2030-03-01T12:00:00.000Z',
      endpointKey: '203.0.113.7:8443/shop.example.com',
    });
    expect(parseAlertId(alertId)).toMatchObject({
      tokenId: 'ws-1.abc',
      expiresAt: '2030-06-01',
      threshold: 0,
      escalation: false,
      endpointProblem: { problem: 'expired', endpointKey: '203.0.113.7:8443/shop.example.com' },
    });
    expect(alertLocation(alertId)?.workspaceId).toBe('ws-1');
    expect(parseAlertId('ws-1.abc~2030-06-01~0~something-else')).toBeNull();
  });
});
