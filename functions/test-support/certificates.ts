/**
 * Certificates made with the `openssl` command at test time, in a temporary folder: self-signed
 * leaves, a chain (root, intermediate, leaf) and private keys, as PEM text.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CertificateOptions {
  readonly commonName: string;
  readonly organization?: string;
  /** `subjectAltName` value, e.g. `DNS:example.com,DNS:www.example.com,IP:192.0.2.1`. */
  readonly altNames?: string;
  /** `extendedKeyUsage` value, e.g. `codeSigning` or `clientAuth`. */
  readonly extendedKeyUsage?: string;
  readonly days?: number;
  /** `rsa:2048`, `rsa:3072`, `ec:P-256`, `ec:P-384`, `ed25519`. */
  readonly key?: string;
}

export interface MadeCertificate {
  readonly pem: string;
  readonly keyPem: string;
}

function keyArguments(key: string): string[] {
  if (key.startsWith('rsa:'))
    return ['-algorithm', 'RSA', '-pkeyopt', `rsa_keygen_bits:${key.slice(4)}`];
  if (key.startsWith('ec:'))
    return ['-algorithm', 'EC', '-pkeyopt', `ec_paramgen_curve:${key.slice(3)}`];
  return ['-algorithm', key.toUpperCase()];
}

function openssl(folder: string, args: readonly string[]): void {
  execFileSync('openssl', args, { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] });
}

function subjectOf(options: CertificateOptions): string {
  return `/CN=${options.commonName}${options.organization ? `/O=${options.organization}` : ''}`;
}

function extensions(options: CertificateOptions, ca: boolean): string {
  return [
    ca ? 'basicConstraints=critical,CA:TRUE' : 'basicConstraints=CA:FALSE',
    ...(options.altNames ? [`subjectAltName=${options.altNames}`] : []),
    ...(options.extendedKeyUsage ? [`extendedKeyUsage=${options.extendedKeyUsage}`] : []),
  ].join('\n');
}

/** Runs `make` in a fresh temporary folder, removed afterwards. */
function inFolder<T>(make: (folder: string) => T): T {
  const folder = mkdtempSync(join(tmpdir(), 'expiry-radar-certs-'));
  try {
    return make(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function makeKey(folder: string, name: string, key: string): string {
  openssl(folder, ['genpkey', ...keyArguments(key), '-out', `${name}.key`]);
  return readFileSync(join(folder, `${name}.key`), 'utf8');
}

function signed(
  folder: string,
  name: string,
  options: CertificateOptions,
  ca: boolean,
  issuer: string | null,
): MadeCertificate {
  const keyPem = makeKey(folder, name, options.key ?? 'rsa:2048');
  writeFileSync(join(folder, `${name}.ext`), extensions(options, ca));
  const days = String(options.days ?? 90);
  if (issuer === null) {
    // OpenSSL 3.0's req has no -extfile: the extensions come from a config of their own.
    const config = ['[req]', 'distinguished_name = dn', '[dn]', '[ext]', extensions(options, ca)];
    writeFileSync(join(folder, `${name}.cnf`), config.join('\n'));
    openssl(folder, [
      'req',
      '-x509',
      '-new',
      '-key',
      `${name}.key`,
      '-subj',
      subjectOf(options),
      '-days',
      days,
      '-config',
      `${name}.cnf`,
      '-extensions',
      'ext',
      '-out',
      `${name}.pem`,
    ]);
  } else {
    openssl(folder, [
      'req',
      '-new',
      '-key',
      `${name}.key`,
      '-subj',
      subjectOf(options),
      '-out',
      `${name}.csr`,
    ]);
    openssl(folder, [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${issuer}.pem`,
      '-CAkey',
      `${issuer}.key`,
      '-CAcreateserial',
      '-days',
      days,
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ]);
  }
  return { pem: readFileSync(join(folder, `${name}.pem`), 'utf8'), keyPem };
}

/** A self-signed leaf certificate and its key. */
export function makeSelfSignedCertificate(options: CertificateOptions): MadeCertificate {
  return inFolder((folder) => signed(folder, 'leaf', options, false, null));
}

/** A root, an intermediate it signed and a leaf the intermediate signed. */
export function makeCertificateChain(leaf: CertificateOptions): {
  leaf: MadeCertificate;
  intermediate: MadeCertificate;
  root: MadeCertificate;
} {
  return inFolder((folder) => {
    const root = signed(
      folder,
      'root',
      { commonName: 'Test Root CA', organization: 'Test Trust', days: 3650 },
      true,
      null,
    );
    const intermediate = signed(
      folder,
      'intermediate',
      { commonName: 'Test Issuing CA', organization: 'Test Trust', days: 1825 },
      true,
      'root',
    );
    return { root, intermediate, leaf: signed(folder, 'leaf', leaf, false, 'intermediate') };
  });
}

/** A self-signed certificate authority (basicConstraints CA:TRUE) and its key. */
export function makeCertificateAuthority(options: CertificateOptions): MadeCertificate {
  return inFolder((folder) => signed(folder, 'ca', options, true, null));
}

/** A certificate authority of its own and a leaf it signed, as a private PKI issues them. */
export function makePrivateCertificateAuthority(leaf: CertificateOptions): {
  readonly ca: MadeCertificate;
  readonly leaf: MadeCertificate;
} {
  return inFolder((folder) => {
    const ca = signed(
      folder,
      'ca',
      { commonName: 'Internal Root CA', organization: 'Internal PKI', days: 3650 },
      true,
      null,
    );
    return { ca, leaf: signed(folder, 'leaf', leaf, false, 'ca') };
  });
}
