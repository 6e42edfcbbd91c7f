import { apiGatewayEvent } from '../../../test-support/api-gateway-event';
import { VIEWER_ADDRESS_HEADER, clientIp, viewerAddressIp } from './client-ip';

const eventWith = (headers: Record<string, string>) =>
  apiGatewayEvent({ method: 'POST', path: '/auth/login', headers });

describe('the client IP of a request', () => {
  it('is the viewer address CloudFront reports, not the edge that called API Gateway', () => {
    const event = eventWith({ [VIEWER_ADDRESS_HEADER]: '198.51.100.7:46532' });
    expect(event.requestContext.http.sourceIp).toBe('127.0.0.1');
    expect(clientIp(event)).toBe('198.51.100.7');
  });

  it('reads an IPv6 viewer address up to the last colon', () => {
    expect(clientIp(eventWith({ [VIEWER_ADDRESS_HEADER]: '2001:db8::1:443' }))).toBe('2001:db8::1');
    expect(viewerAddressIp('2001:db8:85a3::8a2e:370:7334:50123')).toBe(
      '2001:db8:85a3::8a2e:370:7334',
    );
    expect(viewerAddressIp('[2001:db8::7]:8443')).toBe('2001:db8::7');
    expect(viewerAddressIp('::ffff:192.0.2.1:443')).toBe('::ffff:192.0.2.1');
  });

  it('falls back to the source IP without the header', () => {
    expect(clientIp(eventWith({}))).toBe('127.0.0.1');
  });

  it.each([
    ['no port', '198.51.100.7'],
    ['an empty port', '198.51.100.7:'],
    ['a port out of range', '198.51.100.7:70000'],
    ['a non-numeric port', '198.51.100.7:http'],
    ['no address', ':443'],
    ['an address that is no IP', 'example.com:443'],
    ['an IPv4 address out of range', '300.1.2.3:443'],
    ['two addresses', '198.51.100.7:1, 203.0.113.9:2'],
    ['an IPv6 address cut by a missing port', '2001:db8::1'],
    ['an empty value', ''],
  ])('falls back to the source IP on a malformed header: %s', (_case, value) => {
    expect(clientIp(eventWith({ [VIEWER_ADDRESS_HEADER]: value }))).toBe('127.0.0.1');
  });
});
