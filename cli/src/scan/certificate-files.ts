/**
 * `scan files`: certificates on disk, PEM (one or a chain, or a bundle), DER, and PKCS#12 (with
 * `--password`). Folders are walked recursively for the usual certificate file names; a path with
 * glob characters is expanded. A private key is never read: a `.key` file is skipped unopened, and
 * a PEM file's private key block is left unparsed (only its certificate blocks are read); neither
 * is ever sent. Each certificate worth a token (its leaves, or a CA bundle's certificates) is one
 * scan item, its id at the source being the file's absolute path (`#2`, `#3`… after it for a
 * file's further certificates).
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import type forge from 'node-forge';
import { glob, isDynamicPattern } from 'tinyglobby';
import { CliError, EXIT } from '../exit-codes.js';
import { pemCertificates, scanItemOf, tokenCertificates, type ScanItem } from './scan-item.js';

export const CERTIFICATE_FILE_PATTERN = '*.{pem,crt,cer,der,p12,pfx,key}';
const PRIVATE_KEY_BLOCK = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/;

export type FileProblemKind = 'not_certificate' | 'needs_password' | 'private_key';

export interface FileProblem {
  readonly path: string;
  readonly kind: FileProblemKind;
  readonly message: string;
}

export interface FileScan {
  readonly items: ScanItem[];
  readonly roots: string[];
  readonly problems: FileProblem[];
  readonly filesRead: number;
}

export interface FileScanOptions {
  readonly paths: readonly string[];
  readonly host: string;
  readonly recursive: boolean;
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly password?: string;
}

/** The folder part of a glob before its first pattern character (`/etc/ssl/` of `/etc/ssl/*.pem`). */
function globBase(pattern: string): string {
  const parts = resolve(pattern).split(sep);
  const fixed: string[] = [];
  for (const part of parts) {
    if (isDynamicPattern(part)) break;
    fixed.push(part);
  }
  return `${fixed.join(sep)}${sep}`;
}

async function filesOf(options: FileScanOptions): Promise<{ files: string[]; roots: string[] }> {
  const files = new Set<string>();
  const roots: string[] = [];
  const patterns = options.include.length > 0 ? options.include : [CERTIFICATE_FILE_PATTERN];
  for (const path of options.paths) {
    if (isDynamicPattern(path)) {
      roots.push(globBase(path));
      const found = await glob(path, {
        absolute: true,
        onlyFiles: true,
        ignore: [...options.exclude],
        followSymbolicLinks: false,
      });
      for (const file of found) files.add(resolve(file));
      continue;
    }
    const absolute = resolve(path);
    const stats = statSync(absolute, { throwIfNoEntry: false });
    if (!stats) {
      throw new CliError(EXIT.usage, `Cannot read ${path}: no such file or folder.`, {
        showHelp: false,
      });
    }
    if (stats.isFile()) {
      roots.push(absolute);
      files.add(absolute);
      continue;
    }
    roots.push(absolute.endsWith(sep) ? absolute : `${absolute}${sep}`);
    const found = await glob(
      patterns.map((pattern) => (options.recursive ? `**/${pattern}` : pattern)),
      {
        cwd: absolute,
        absolute: true,
        onlyFiles: true,
        ignore: [...options.exclude],
        followSymbolicLinks: false,
        caseSensitiveMatch: false,
        dot: false,
      },
    );
    for (const file of found) files.add(resolve(file));
  }
  return { files: [...files].sort(), roots };
}

class PasswordNeeded extends Error {}

/** A PKCS#12 file's certificates; its keys are never exported. */
async function pkcs12Certificates(
  bytes: Buffer,
  password: string | undefined,
): Promise<X509Certificate[]> {
  const { default: forge } = await import('node-forge');
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
  } catch {
    return [];
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password ?? '');
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (/password|MAC|decrypt|Invalid/i.test(message)) throw new PasswordNeeded(message);
    return [];
  }
  const certBag = forge.pki.oids.certBag as string;
  const bags: forge.pkcs12.Bag[] = p12.getBags({ bagType: certBag })[certBag] ?? [];
  return bags.flatMap((bag) => {
    // The certificate as DER for Node's parser: node-forge parses RSA certificates only and keeps
    // the others as ASN.1.
    const node = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
    if (!node) return [];
    try {
      return [new X509Certificate(Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary'))];
    } catch {
      return [];
    }
  });
}

type FileRead =
  | { readonly certificates: X509Certificate[]; readonly privateKey: boolean }
  | { readonly problem: FileProblemKind };

async function readCertificateFile(path: string, password: string | undefined): Promise<FileRead> {
  const lower = path.toLowerCase();
  if (lower.endsWith('.key')) return { problem: 'private_key' };
  const bytes = readFileSync(path);
  const head = bytes.subarray(0, 64).toString('latin1').trimStart();
  if (head.startsWith('-----BEGIN')) {
    const text = bytes.toString('utf8');
    const privateKey = PRIVATE_KEY_BLOCK.test(text);
    let certificates: X509Certificate[];
    try {
      certificates = pemCertificates(text);
    } catch {
      return { problem: 'not_certificate' };
    }
    if (certificates.length === 0)
      return privateKey ? { problem: 'private_key' } : { problem: 'not_certificate' };
    return { certificates, privateKey };
  }
  if (lower.endsWith('.p12') || lower.endsWith('.pfx')) {
    try {
      const certificates = await pkcs12Certificates(bytes, password);
      return certificates.length > 0
        ? { certificates, privateKey: false }
        : { problem: 'not_certificate' };
    } catch (error) {
      if (error instanceof PasswordNeeded) return { problem: 'needs_password' };
      throw error;
    }
  }
  try {
    return { certificates: [new X509Certificate(bytes)], privateKey: false };
  } catch {
    return { problem: 'not_certificate' };
  }
}

const PROBLEM_MESSAGES: Record<FileProblemKind, (password: boolean) => string> = {
  not_certificate: () => 'not a certificate (PEM, DER or PKCS#12): skipped',
  needs_password: (password) =>
    password
      ? 'a PKCS#12 file the given --password does not open: skipped'
      : 'a password-protected PKCS#12 file: give its password with --password',
  private_key: () => 'holds a private key: skipped, never read further nor sent',
};

export async function scanCertificateFiles(options: FileScanOptions): Promise<FileScan> {
  const { files, roots } = await filesOf(options);
  const items: ScanItem[] = [];
  const problems: FileProblem[] = [];
  for (const path of files) {
    const read = await readCertificateFile(path, options.password);
    if ('problem' in read) {
      problems.push({
        path,
        kind: read.problem,
        message: `${path}: ${PROBLEM_MESSAGES[read.problem](options.password !== undefined)}`,
      });
      continue;
    }
    if (read.privateKey) {
      problems.push({
        path,
        kind: 'private_key',
        message: `${path}: holds a private key beside its certificates: the key was skipped, never read further nor sent`,
      });
    }
    tokenCertificates(read.certificates).forEach((certificate, index) => {
      items.push(
        scanItemOf(certificate, {
          externalId: index === 0 ? path : `${path}#${index + 1}`,
          location: `${options.host}:${path}`,
          fallbackName: basename(path),
        }),
      );
    });
  }
  return { items, roots, problems, filesRead: files.length };
}
