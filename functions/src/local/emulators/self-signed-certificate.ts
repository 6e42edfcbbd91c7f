/**
 * A self-signed certificate and its RSA key (2048 bits), PEM, made by `openssl` in a temporary
 * folder removed afterwards: what the stand-ins that sign as an identity provider (the SAML IdP
 * stand-in) or as an app registration (the Azure stand-in) sign with.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function makeSelfSignedCertificate(options: {
  readonly commonName: string;
  readonly days: number;
}): { certificate: string; key: string } {
  const folder = mkdtempSync(path.join(tmpdir(), 'self-signed-certificate-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'certificate.pem',
        '-days',
        String(options.days),
        '-subj',
        `/CN=${options.commonName}`,
      ],
      { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return {
      certificate: readFileSync(path.join(folder, 'certificate.pem'), 'utf8'),
      key: readFileSync(path.join(folder, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
