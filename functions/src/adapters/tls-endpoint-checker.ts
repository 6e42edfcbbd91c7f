/**
 * Connects to a TLS endpoint and reads the certificate it serves (the `EndpointChecker` port of
 * domain/endpoint-check). The SSRF guard is the webhooks' own: the host is resolved once, every
 * address it has must be allowed (adapters/ssrf-guard, domain/network-address-policy), and the
 * connection goes to the checked address with the name as SNI, so no second lookup can answer
 * another address (DNS rebinding). The chain is verified against `trustedRoots` (Node's default
 * roots unless given: tests pass their own CA), plus the certificate authorities the endpoint's
 * workspace trusts when it has any, without refusing the connection, so an untrusted or
 * mismatched certificate is still read and described. With a workspace's certificate authorities
 * a chain may end at any of them (OpenSSL's partial chain), so trusting an issuing CA that is not
 * a self-signed root is enough.
 */
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import tls from 'node:tls';
import type {
  EndpointChecker,
  EndpointProbe,
  EndpointTrust,
  ServedCertificate,
} from '../domain/endpoint-check';
import {
  classifyAddress,
  isAllowedAddress,
  type AddressPolicy,
} from '../domain/network-address-policy';
import { oneLineName, subjectAltNames, tokenFieldsOf } from '../domain/certificate-reading';
import { systemResolver, webhookTargetPolicy, type Resolver } from './ssrf-guard';
import { couldNotConnect } from './connection-failure';

export const ENDPOINT_CHECK_TIMEOUT_MS = 10_000;

export interface TlsCheckerOptions {
  readonly policy?: AddressPolicy;
  readonly resolver?: Resolver;
  readonly timeoutMs?: number;
  /** PEM roots the chain must lead to; Node's default roots when absent. */
  readonly trustedRoots?: readonly string[];
}

function dnsNamesOf(certificate: X509Certificate): string[] {
  const alternatives = subjectAltNames(certificate.subjectAltName).flatMap((entry) => {
    const [kind, ...rest] = entry.split(':');
    const value = rest.join(':').trim();
    return kind === 'DNS' || kind === 'IP Address' ? [value.toLowerCase()] : [];
  });
  if (alternatives.length > 0) return alternatives;
  const commonName = /(?:^|\n)CN=([^\n]+)/.exec(certificate.subject)?.[1];
  return commonName ? [commonName.toLowerCase()] : [];
}

function servedCertificateOf(socket: tls.TLSSocket, expectedName: string): ServedCertificate {
  const peer = socket.getPeerCertificate(false);
  const certificate = new X509Certificate(peer.raw);
  const nameError = tls.checkServerIdentity(expectedName, peer);
  return {
    notAfter: new Date(certificate.validTo).toISOString(),
    notBefore: new Date(certificate.validFrom).toISOString(),
    names: dnsNamesOf(certificate),
    subject: oneLineName(certificate.subject),
    issuer: oneLineName(certificate.issuer),
    issuerField: tokenFieldsOf(certificate, subjectAltNames(certificate.subjectAltName)).issuer,
    serialNumber: certificate.serialNumber.toUpperCase(),
    fingerprintSha256: certificate.fingerprint256,
    protocol: socket.getProtocol(),
    chainTrusted: socket.authorized,
    chainError: socket.authorized ? null : String(socket.authorizationError ?? 'untrusted'),
    nameMatches: nameError === undefined,
    pem: certificate.toString(),
  };
}

/** The `ca` and chain options of a connection: the checker's roots, and the workspace's CAs. */
function trustOptions(
  options: TlsCheckerOptions,
  trust: EndpointTrust | undefined,
): Pick<tls.ConnectionOptions, 'ca' | 'allowPartialTrustChain'> {
  const workspaceCas = trust?.trustedCertificateAuthorities ?? [];
  if (workspaceCas.length === 0) {
    return options.trustedRoots ? { ca: [...options.trustedRoots] } : {};
  }
  // Giving `ca` replaces Node's default roots, so they are given again beside the workspace's.
  const roots = options.trustedRoots ?? tls.rootCertificates;
  return { ca: [...roots, ...workspaceCas], allowPartialTrustChain: true };
}

function connect(
  address: string,
  port: number,
  servername: string | undefined,
  expectedName: string,
  options: TlsCheckerOptions,
  trust: EndpointTrust | undefined,
): Promise<EndpointProbe> {
  const timeoutMs = options.timeoutMs ?? ENDPOINT_CHECK_TIMEOUT_MS;
  return new Promise((resolve) => {
    let settled = false;
    const socket = tls.connect({
      host: address,
      port,
      ...(servername ? { servername } : {}),
      rejectUnauthorized: false,
      ...trustOptions(options, trust),
    });
    const finish = (probe: EndpointProbe) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(probe);
    };
    const target = `${expectedName}:${port}`;
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          reason: 'unreachable',
          message: couldNotConnect(target, new Error(`no answer within ${timeoutMs} ms`)),
        }),
      timeoutMs,
    );
    socket.once('secureConnect', () => {
      try {
        finish({ ok: true, certificate: servedCertificateOf(socket, expectedName) });
      } catch (error) {
        finish({
          ok: false,
          reason: 'unreachable',
          message: `No certificate could be read (${(error as Error).message})`,
        });
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, reason: 'unreachable', message: couldNotConnect(target, error) }),
    );
  });
}

export function createTlsEndpointChecker(options: TlsCheckerOptions = {}): EndpointChecker {
  return async ({ host, port, sni }, trust) => {
    const policy = options.policy ?? webhookTargetPolicy();
    const literal = classifyAddress(host) !== 'invalid';
    let addresses: string[];
    try {
      addresses = literal
        ? [host]
        : (await (options.resolver ?? systemResolver)(host)).map((entry) => entry.address);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'ENOTFOUND';
      return { ok: false, reason: 'unreachable', message: `The host could not be found (${code})` };
    }
    const blocked = addresses.find((address) => !isAllowedAddress(address, policy));
    if (blocked !== undefined) {
      return {
        ok: false,
        reason: 'blocked',
        message: `${host} resolves to a private, local or reserved network address`,
      };
    }
    const [address] = addresses;
    if (address === undefined) {
      return { ok: false, reason: 'unreachable', message: 'The host has no address' };
    }
    const servername = sni ?? (isIP(host) === 0 ? host : undefined);
    return connect(address, port, servername, sni ?? host, options, trust);
  };
}

/** The checker with the deployment's policy and Node's default roots. */
export const checkTlsEndpoint: EndpointChecker = (endpoint, trust) =>
  createTlsEndpointChecker()(endpoint, trust);
