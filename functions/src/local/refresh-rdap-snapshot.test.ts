import { SNAPSHOT_BOOTSTRAP } from '../adapters/rdap-client';
import { rdapBaseUrlFor } from '../domain/rdap';
import { bootstrapFromCopy } from './refresh-rdap-snapshot';

describe('the RDAP bootstrap snapshot', () => {
  it('is written from a copy: a services list (as freewhois ships it) or a whole file, else refused', () => {
    const services = [[['com'], ['https://rdap.verisign.com/com/v1/']]];
    expect(bootstrapFromCopy(JSON.stringify(services), 'freewhois@1.2.6/tlds.json')).toEqual({
      description: expect.stringContaining('as copied in freewhois@1.2.6/tlds.json') as string,
      version: '1.0',
      services,
    });
    const file = { publication: '2026-11-01T00:00:00Z', version: '1.0', services };
    expect(bootstrapFromCopy(JSON.stringify(file), 'dns.json')).toEqual(file);
    for (const text of ['[]', '{"services": "com"}']) {
      expect(() => bootstrapFromCopy(text, 'copy.json')).toThrow(
        'copy.json is not an RDAP bootstrap file or its services list',
      );
    }
  });

  it("holds IANA's services: .com at Verisign, none for .de", () => {
    expect(SNAPSHOT_BOOTSTRAP.services.length).toBeGreaterThan(500);
    expect(rdapBaseUrlFor(SNAPSHOT_BOOTSTRAP, 'example.com')).toBe(
      'https://rdap.verisign.com/com/v1/',
    );
    expect(rdapBaseUrlFor(SNAPSHOT_BOOTSTRAP, 'xn--bcher-kva.de')).toBeNull();
  });
});
