import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
} from 'playwright-core';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { TOKEN_FILE_FIELDS } from '@expiry-radar/shared/domain/token-file';
import { categoryAndTypeProblems } from '@expiry-radar/shared/domain/token-import';
import {
  makeCertificateChain,
  makeSelfSignedCertificate,
} from '../../functions/test-support/certificates';
import { registerVerifiedAccount } from '../support/browser-accounts';
import { csrfHeaders } from '../support/csrf';
import { startKubernetesStandIn, type KubernetesStandIn } from '../support/kubernetes-stand-in';
import type { LocalAppProcess } from '../support/local-app-process';
import { appForSuite, suiteClientHeaders } from '../support/shared-app';

const CLI = join(__dirname, '..', '..', 'cli', 'bin', 'expiry-radar.js');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The `expiry-radar` command as a user runs it: its bin, a process of its own, against the shared
 * local app and a Kubernetes API stand-in, with a home and configuration folder of its own.
 */
describe('the expiry-radar command-line tool', () => {
  let app: LocalAppProcess;
  let api: APIRequestContext;
  let home: string;
  let workspaceId: string;
  let readWriteKey: string;
  let readOnlyKey: string;
  let readOnlyKeyId: string;
  let kubernetes: KubernetesStandIn;

  const run = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
    new Promise((resolve) => {
      execFile(
        process.execPath,
        [CLI, ...args],
        {
          cwd: home,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: home,
            XDG_CONFIG_HOME: join(home, 'config'),
            EXPIRY_RADAR_API_URL: app.appUrl,
            EXPIRY_RADAR_API_KEY: readWriteKey,
            ...env,
          },
          timeout: 60_000,
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  const json = <T>(result: Run): T => JSON.parse(result.stdout) as T;

  interface StoredToken {
    name: string;
    type: string;
    expiresAt: string;
    renewal_date: string | null;
    source?: { kind: string; external_id: string; removed_at: string | null };
  }
  /** The workspace's tokens as the app holds them, read with the account's session. */
  const inventory = async (): Promise<StoredToken[]> => {
    const answer = await api.get(`${app.appUrl}/api/tokens`, {
      params: { workspace_id: workspaceId, limit: 100 },
    });
    return ((await answer.json()) as { items: StoredToken[] }).items;
  };

  beforeAll(async () => {
    app = await appForSuite({ ALERT_SCAN_INTERVAL_SECONDS: '3600' });
    api = await playwrightRequest.newContext({ extraHTTPHeaders: suiteClientHeaders() });
    home = mkdtempSync(join(tmpdir(), 'expiry-radar-cli-'));
    kubernetes = await startKubernetesStandIn({ pageSizeCap: 2 });
    const account = {
      email: `cli-${randomUUID()}@example.com`,
      password: 'a long enough passphrase',
    };
    await registerVerifiedAccount({ request: api } as unknown as BrowserContext, app, account);
    const workspaces = await api.get(`${app.appUrl}/api/v1/workspaces`);
    workspaceId = ((await workspaces.json()) as { items: { id: string }[] }).items[0]!.id;
    const createKey = async (access: 'read' | 'read_write') => {
      const created = await api.post(`${app.appUrl}/api/account/api-keys`, {
        headers: await csrfHeaders(api, app.appUrl),
        data: {
          name: `CLI ${access}`,
          workspace_id: workspaceId,
          access,
          expires_at: addCalendarDays(new Date(), 90),
        },
      });
      expect(created.status()).toBe(201);
      return (await created.json()) as { secret: string; key: { id: string } };
    };
    readWriteKey = (await createKey('read_write')).secret;
    const readOnly = await createKey('read');
    readOnlyKey = readOnly.secret;
    readOnlyKeyId = readOnly.key.id;
  }, 120_000);

  afterAll(async () => {
    await kubernetes?.stop();
    await api?.dispose();
    if (home) rmSync(home, { recursive: true, force: true });
    await app?.stop();
  });

  it('logs in, adds a token, fails a check within 14 days until it is renewed, and lists tokens', async () => {
    // After login the stored key is used (no EXPIRY_RADAR_API_KEY).
    const stored = { EXPIRY_RADAR_API_KEY: '' };
    const login = await run(['login', '--api-key', readWriteKey], stored);
    expect(login).toMatchObject({ code: 0 });
    expect(login.stdout).toContain('the key reaches 1 workspace');
    const configFile = join(home, 'config', 'expiry-radar', 'config.json');
    expect(statSync(configFile).mode & 0o777).toBe(0o600);

    const added = await run(
      [
        'tokens',
        'add',
        '--name',
        'Deploy key',
        '--type',
        'api_key',
        '--expires',
        addCalendarDays(new Date(), 5),
        '--section',
        'CI',
        '--json',
      ],
      stored,
    );
    expect(added.code).toBe(0);
    const token = json<{ id: string; category: string }>(added);
    expect(token.category).toBe('key_secret');

    const due = await run(['check', '--within', '14d'], stored);
    expect(due.code).toBe(1);
    expect(due.stdout).toContain('Deploy key (api_key): expires in 5 days');

    const renewed = await run(
      ['tokens', 'renew', token.id, '--expires', addCalendarDays(new Date(), 60)],
      stored,
    );
    expect(renewed.code).toBe(0);
    const clear = await run(['check', '--within', '14d', '--json'], stored);
    expect(clear.code).toBe(0);
    // The key the tool uses is tracked as a token too (90 days): nothing is due.
    expect(json<{ due: unknown[] }>(clear).due).toEqual([]);

    const exported = join(home, 'tokens.csv');
    const [listed, shown, exportRun] = await Promise.all([
      run(['tokens', 'list', '--json'], stored),
      run(['tokens', 'get', token.id], stored),
      run(['export', '--format', 'csv', '--output', exported], stored),
    ]);
    expect(json<{ name: string }[]>(listed).map((item) => item.name)).toContain('Deploy key');
    expect(shown.stdout).toContain('Deploy key (api_key, key_secret)');
    expect(exportRun.code).toBe(0);
    // The exported file (the two keys' tokens and the added one) imports back unchanged; then the
    // token is deleted (after the import: deleted first, it would be imported as new).
    const imported = await run(['import', exported, '--dry-run', '--json'], stored);
    const deleted = await run(['tokens', 'delete', token.id], stored);
    expect(
      json<{ dryRun: boolean; rows: number; created: number; unchanged: number }>(imported),
    ).toMatchObject({
      dryRun: true,
      rows: 3,
      created: 0,
      unchanged: 3,
    });
    expect(deleted).toMatchObject({ code: 0, stdout: `Deleted ${token.id}.\n` });
  });

  it('refuses with distinct exit codes: a read-only key writing, a revoked or wrong key, an unreachable API, bad options', async () => {
    const add = [
      'tokens',
      'add',
      '--name',
      'Nope',
      '--type',
      'secret',
      '--expires',
      addCalendarDays(new Date(), 30),
    ];
    // A port nothing listens on.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const [readOnly, wrong, unreachable, usage, completion] = await Promise.all([
      run(add, { EXPIRY_RADAR_API_KEY: readOnlyKey }),
      run(['tokens', 'list'], { EXPIRY_RADAR_API_KEY: `er_${'x'.repeat(43)}` }),
      run(['tokens', 'list', '--api-url', `http://127.0.0.1:${closed}`], {
        EXPIRY_RADAR_API_KEY: readWriteKey,
      }),
      run(['check', '--within', 'soon']),
      run(['completion', 'bash']),
    ]);
    expect(readOnly.code).toBe(4);
    expect(readOnly.stderr).toContain('This API key is read-only: it cannot make changes.');
    expect(wrong.code).toBe(3);
    expect(unreachable.code).toBe(8);
    expect(unreachable.stderr).toContain(
      `Cannot reach the Expiry Radar API at http://127.0.0.1:${closed}: ECONNREFUSED`,
    );
    // A usage error: its message, the usage line and where the options are, not the whole help.
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^expiry-radar: [^\n]+\nUsage: expiry-radar check /);
    expect(usage.stderr).toContain(
      'Run "expiry-radar check --help" for its options and the exit codes.',
    );
    expect(usage.stderr).not.toContain('Exit codes:');
    // The bash completion offers a group's commands and a command's options.
    const completions = execFileSync('bash', [
      '-c',
      `${completion.stdout}
COMP_WORDS=(expiry-radar tokens ""); COMP_CWORD=2; _expiry_radar; echo "\${COMPREPLY[*]}"
COMP_WORDS=(expiry-radar check --w); COMP_CWORD=2; _expiry_radar; echo "\${COMPREPLY[*]}"`,
    ]).toString();
    expect(completions.split('\n')).toEqual([
      'list get add renew delete',
      '--within --workspace',
      '',
    ]);

    const revoked = await api.delete(`${app.appUrl}/api/account/api-keys/${readOnlyKeyId}`, {
      headers: await csrfHeaders(api, app.appUrl),
    });
    expect(revoked.status()).toBe(200);
    const afterRevoke = await run(['tokens', 'list'], { EXPIRY_RADAR_API_KEY: readOnlyKey });
    expect(afterRevoke.code).toBe(3);
    expect(afterRevoke.stderr).toContain(
      'This API key is not valid: it was revoked or never existed.',
    );
  });

  it('says what is wrong in one line with the exit codes of its table: bad --api-url, files, formats, types, fields, workspaces, refused rows, no cluster', async () => {
    const missing = join(home, 'missing.csv');
    const rows = join(home, 'rows.csv');
    const inAMonth = addCalendarDays(new Date(), 30);
    writeFileSync(
      rows,
      `name,type,expiresAt\nCSV good,api_key,${inAMonth}\nCSV bad,bogus,${inAMonth}\n`,
    );
    const add = (...extra: string[]) =>
      run(['tokens', 'add', '--name', 'QA', '--expires', inAMonth, ...extra]);
    const loginConfig = join(home, 'login-refused');
    // An API at --api-url that answers what no Expiry Radar API does: the tool's own failure.
    const strange = createHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => strange.listen(0, '127.0.0.1', resolve));
    const strangeUrl = `http://127.0.0.1:${(strange.address() as AddressInfo).port}`;
    const workspaceName = (
      (await (await api.get(`${app.appUrl}/api/v1/workspaces`)).json()) as {
        items: { id: string; name: string }[];
      }
    ).items.find((workspace) => workspace.id === workspaceId)!.name;
    const [
      noScheme,
      badPort,
      badEnvironment,
      unexpected,
      missingFile,
      xml,
      bogusType,
      unknownField,
      unknownWorkspace,
      knownWorkspace,
      refusedRows,
      noCluster,
    ] = await Promise.all([
      run(['check', '--api-url', 'localhost:4000']),
      run(['tokens', 'list', '--api-url', 'http://localhost:4999x']),
      run(['tokens', 'list'], { EXPIRY_RADAR_API_URL: 'localhost:4000' }),
      run(['tokens', 'list', '--api-url', strangeUrl]),
      run(['import', missing]),
      run(['export', '--format', 'xml']),
      add('--type', 'bogus'),
      add('--type', 'api_key', '--field', 'nosuch=1'),
      run(['login', '--workspace', 'Nope'], { XDG_CONFIG_HOME: loginConfig }),
      run(['login', '--workspace', workspaceName.toUpperCase()], {
        XDG_CONFIG_HOME: join(home, 'login-named'),
      }),
      run(['import', rows, '--dry-run']),
      run(['scan', 'kubernetes', '--dry-run']),
    ]);
    await new Promise((resolve) => strange.close(resolve));
    const oneLine = (result: Run, code: number, message: string) => {
      expect(result).toMatchObject({ code, stderr: `expiry-radar: ${message}\n` });
    };
    oneLine(
      noScheme,
      2,
      '--api-url must be an http:// or https:// URL, e.g. https://expiry-radar.example.com: got "localhost:4000"',
    );
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('got "http://localhost:4999x"');
    expect(badEnvironment.code).toBe(2);
    expect(badEnvironment.stderr).toMatch(/^expiry-radar: EXPIRY_RADAR_API_URL must be an http/);
    expect(unexpected.code).toBe(70);
    expect(unexpected.stderr).toMatch(/^expiry-radar: unexpected error: [^\n]+\n$/);
    oneLine(missingFile, 2, `Cannot read ${missing}: no such file.`);
    oneLine(xml, 2, '--format takes csv or json, not "xml".');
    // The import's words for an unknown type, and the fields of the token file.
    oneLine(bogusType, 2, categoryAndTypeProblems({ type: 'bogus' })[0]!.message);
    const fieldsOfTheirOwn = ['name', 'category', 'type', 'expiresAt', 'section', 'owner'];
    oneLine(
      unknownField,
      2,
      `--field nosuch: no such token field. Use one of: ${TOKEN_FILE_FIELDS.filter((field) => !fieldsOfTheirOwn.includes(field)).join(', ')}.`,
    );
    oneLine(
      unknownWorkspace,
      2,
      `No workspace "Nope" for this API key. It reaches: ${workspaceName} (${workspaceId}).`,
    );
    expect(existsSync(loginConfig)).toBe(false);
    expect(knownWorkspace.code).toBe(0);
    expect(
      JSON.parse(readFileSync(join(home, 'login-named', 'expiry-radar', 'config.json'), 'utf8')),
    ).toMatchObject({ workspace: workspaceId });
    // Rows refused: the summary still, and an exit code of its own.
    expect(refusedRows.code).toBe(11);
    expect(refusedRows.stdout).toBe('Dry run: 2 rows: 1 created, 0 updated, 0 unchanged.\n');
    expect(refusedRows.stderr).toContain('1 row was not imported (dry run).');
    oneLine(
      noCluster,
      10,
      'No Kubernetes configuration found: set KUBECONFIG, pass --kubeconfig, or run inside a cluster',
    );
  });

  interface Report {
    created: number;
    updated: number;
    removed: number;
    unchanged: number;
    dry_run: boolean;
    changes: { action: string; external_id: string; name: string }[];
    problems?: { kind: string; path: string }[];
  }

  it('scans certificate files (PEM chains, DER, PKCS#12) and upserts them by path, never twice', async () => {
    const folder = join(home, 'certs');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    const chain = makeCertificateChain({
      commonName: 'shop.example.com',
      altNames: 'DNS:shop.example.com,DNS:*.shop.example.com',
      days: 40,
    });
    writeFileSync(join(folder, 'shop.pem'), chain.leaf.pem + chain.intermediate.pem);
    const der = makeSelfSignedCertificate({
      commonName: 'intranet.example.com',
      key: 'ec:P-256',
      days: 10,
    });
    writeFileSync(join(folder, 'nested', 'intranet.der'), pemToDer(der.pem));
    const p12 = makeSelfSignedCertificate({
      commonName: 'client.example.com',
      extendedKeyUsage: 'clientAuth',
      days: 90,
    });
    writeFileSync(
      join(folder, 'nested', 'client.p12'),
      pkcs12Of(p12.pem, p12.keyPem, 'p12-password'),
    );
    writeFileSync(join(folder, 'README.txt'), 'not read: not a certificate file name');

    const scan = (extra: string[] = []) =>
      run([
        'scan',
        'files',
        folder,
        '--password',
        'p12-password',
        '--scope',
        'build-host',
        '--json',
        ...extra,
      ]);
    const preview = await scan(['--dry-run']);
    expect(preview.code).toBe(0);
    expect(json<Report>(preview)).toMatchObject({ dry_run: true, created: 3 });
    const first = json<Report>(await scan());
    expect(first).toMatchObject({ dry_run: false, created: 3, updated: 0, removed: 0 });
    expect(first.changes.map((change) => change.name).sort()).toEqual([
      'client.example.com',
      'intranet.example.com',
      'shop.example.com',
    ]);
    const dueAfterFirstScan = json<{ due: { name: string }[] }>(
      await run(['check', '--within', '14d', '--json']),
    ).due.map((token) => token.name);
    expect(dueAfterFirstScan).toContain('intranet.example.com');
    // The same files again: nothing written.
    expect(json<Report>(await scan())).toMatchObject({
      created: 0,
      updated: 0,
      removed: 0,
      unchanged: 3,
    });

    // A certificate replaced on disk updates its token; a deleted one is marked removed at source.
    const replaced = makeSelfSignedCertificate({ commonName: 'shop.example.com', days: 400 });
    writeFileSync(join(folder, 'shop.pem'), replaced.pem);
    unlinkSync(join(folder, 'nested', 'intranet.der'));
    expect(json<Report>(await scan())).toMatchObject({
      created: 0,
      updated: 1,
      removed: 1,
      unchanged: 1,
    });

    const listed = await inventory();
    const byName = (name: string) => listed.find((token) => token.name === name)!;
    expect(byName('shop.example.com')).toMatchObject({
      expiresAt: addCalendarDays(new Date(), 400),
      source: { kind: 'files', removed_at: null },
    });
    expect(byName('intranet.example.com').source?.removed_at).toEqual(expect.any(String));
    expect(byName('client.example.com').type).toBe('client_cert');

    // The certificate gone from disk expires in 10 days, yet no longer fails a check.
    const check = await run(['check', '--within', '14d', '--json']);
    const due = json<{ due: { name: string }[] }>(check).due.map((token) => token.name);
    expect(due).not.toContain('intranet.example.com');
  });

  it('names each bad file with its own exit code: a PKCS#12 without its password, not a certificate, a private key', async () => {
    const folderOf = (name: string) => {
      const folder = join(home, name);
      mkdirSync(folder, { recursive: true });
      return folder;
    };
    const made = makeSelfSignedCertificate({ commonName: 'locked.example.com' });
    const locked = folderOf('locked');
    writeFileSync(join(locked, 'locked.p12'), pkcs12Of(made.pem, made.keyPem, 'secret'));
    const notCertificate = folderOf('not-certificate');
    writeFileSync(join(notCertificate, 'notes.pem'), 'hello, not a certificate\n');
    const keys = folderOf('keys');
    writeFileSync(join(keys, 'server.key'), made.keyPem);
    writeFileSync(join(keys, 'combined.pem'), made.pem + made.keyPem);

    const scan = (folder: string) => run(['scan', 'files', folder, '--dry-run', '--json']);
    const [needsPassword, notCert, privateKey] = await Promise.all([
      scan(locked),
      scan(notCertificate),
      scan(keys),
    ]);
    expect(needsPassword.code).toBe(7);
    expect(needsPassword.stderr).toContain(
      'a password-protected PKCS#12 file: give its password with --password',
    );
    expect(notCert.code).toBe(6);
    expect(notCert.stderr).toContain('not a certificate (PEM, DER or PKCS#12): skipped');
    expect(privateKey.code).toBe(9);
    expect(privateKey.stderr).toContain(
      'server.key: holds a private key: skipped, never read further nor sent',
    );
    // The certificate beside the key is read; the key itself is nowhere in what was sent.
    expect(json<Report>(privateKey)).toMatchObject({ created: 1 });
    expect(privateKey.stdout).not.toContain('PRIVATE KEY');
  });

  it('scans a cluster: TLS secrets and cert-manager Certificates, paged, upserted, removed at source when deleted', async () => {
    const certificate = (commonName: string, days: number) =>
      makeSelfSignedCertificate({ commonName, altNames: `DNS:${commonName}`, days });
    const web = certificate('web.example.com', 20);
    const api2 = certificate('api.example.com', 50);
    const managed = certificate('shop.example.com', 80);
    const legacy = certificate('legacy.example.com', 5);
    kubernetes.namespaces.add('web');
    kubernetes.namespaces.add('shop');
    kubernetes.secrets.push(
      { namespace: 'web', name: 'web-tls', certificatePem: web.pem, keyPem: web.keyPem },
      { namespace: 'web', name: 'api-tls', certificatePem: api2.pem, keyPem: api2.keyPem },
      { namespace: 'web', name: 'settings', type: 'Opaque' },
      {
        namespace: 'shop',
        name: 'shop-tls',
        certificatePem: managed.pem,
        keyPem: managed.keyPem,
        annotations: { 'cert-manager.io/certificate-name': 'shop' },
      },
      {
        namespace: 'legacy',
        name: 'legacy-tls',
        certificatePem: legacy.pem,
        keyPem: legacy.keyPem,
      },
    );
    const notAfter = new Date(Date.now() + 80 * 86_400_000);
    kubernetes.certificates.push({
      namespace: 'shop',
      name: 'shop',
      secretName: 'shop-tls',
      dnsNames: ['shop.example.com'],
      notAfter: notAfter.toISOString(),
      renewalTime: new Date(notAfter.getTime() - 30 * 86_400_000).toISOString(),
    });
    const kubeconfig = join(home, 'kubeconfig');
    writeFileSync(kubeconfig, kubernetes.kubeconfig('staging'));
    const scan = () => run(['scan', 'kubernetes', '--kubeconfig', kubeconfig, '--json']);

    const first = await scan();
    expect(first.code).toBe(0);
    expect(json<Report>(first)).toMatchObject({ created: 4, removed: 0 });
    // Listed across namespaces by the TLS type, page by page (the stand-in answers 2 at a time).
    expect(kubernetes.requests).toContainEqual(
      expect.stringMatching(
        /^GET \/api\/v1\/secrets\?.*fieldSelector=type%3Dkubernetes\.io%2Ftls.*limit=100/,
      ),
    );
    expect(kubernetes.requests).toContainEqual(
      expect.stringMatching(/^GET \/api\/v1\/secrets\?.*continue=/),
    );
    expect(kubernetes.requests).toContainEqual(
      expect.stringMatching(/^GET \/apis\/cert-manager\.io\/v1\/certificates\?/),
    );
    expect(json<Report>(await scan())).toMatchObject({
      created: 0,
      updated: 0,
      removed: 0,
      unchanged: 4,
    });

    // A deleted secret is marked removed at source; a namespace the scanner may no longer read
    // keeps its tokens as they were.
    kubernetes.secrets.splice(
      kubernetes.secrets.findIndex((secret) => secret.name === 'api-tls'),
      1,
    );
    kubernetes.clusterWide = false;
    kubernetes.forbiddenNamespaces.add('legacy');
    const narrowed = await run([
      'scan',
      'kubernetes',
      '--kubeconfig',
      kubeconfig,
      '--json',
      '-n',
      'web',
      '-n',
      'shop',
      '-n',
      'legacy',
    ]);
    expect(narrowed.stderr).toContain('Namespace legacy: its secrets may not be read');
    expect(json<Report>(narrowed)).toMatchObject({ created: 0, updated: 0, removed: 1 });

    const tokens = await inventory();
    const bySource = (id: string) => tokens.find((token) => token.source?.external_id === id);
    expect(bySource('secret/web/api-tls')?.source?.removed_at).toEqual(expect.any(String));
    expect(bySource('secret/legacy/legacy-tls')?.source?.removed_at).toBeNull();
    // The Certificate is the token of the secret it writes, with its renewal time.
    const managedToken = bySource('certificate/shop/shop');
    expect(managedToken?.name).toBe('shop.example.com');
    expect(managedToken?.renewal_date).toBe(addCalendarDays(new Date(), 50));
    expect(bySource('secret/shop/shop-tls')).toBeUndefined();
  });
});

function pemToDer(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

/** A PKCS#12 file of a certificate and its key, as `openssl pkcs12 -export` writes it. */
function pkcs12Of(certificatePem: string, keyPem: string, password: string): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'expiry-radar-p12-'));
  try {
    writeFileSync(join(folder, 'cert.pem'), certificatePem);
    writeFileSync(join(folder, 'key.pem'), keyPem);
    return execFileSync(
      'openssl',
      ['pkcs12', '-export', '-in', 'cert.pem', '-inkey', 'key.pem', '-passout', `pass:${password}`],
      { cwd: folder },
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
