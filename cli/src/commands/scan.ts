/** `scan files` and `scan kubernetes`: report what was found, upserted by source id. */
import { hostname } from 'node:os';
import { CliError, EXIT, type ExitCode } from '../exit-codes.js';
import { fileError } from '../file-errors.js';
import { scanCertificateFiles } from '../scan/certificate-files.js';
import type { ScanItem, ScanReport } from '../scan/scan-item.js';
import { clientOf, print, text, texts, warn, workspaceOf, type Values } from './context.js';
import type { Command } from './index.js';

const SCAN_OPTIONS = {
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;
const SCAN_HELP =
  '  --dry-run            report what the scan would change, write nothing\n  --json               print the report as JSON';

async function report(
  values: Values,
  body: { scanner: string; scope: string; roots?: string[]; unread?: string[]; items: ScanItem[] },
): Promise<ScanReport> {
  const client = clientOf(values);
  const workspace = await workspaceOf(client, values);
  const answer = await client.request<ScanReport>(
    'POST',
    `/api/v1/workspaces/${workspace.id}/scans`,
    {
      body: { ...body, dry_run: Boolean(values['dry-run']) },
    },
  );
  return answer.body;
}

function printSummary(
  values: Values,
  found: string,
  result: ScanReport,
  extra: Record<string, unknown>,
): void {
  if (values.json) {
    print(JSON.stringify({ ...extra, ...result }, null, 2));
    return;
  }
  const prefix = result.dry_run ? 'Dry run, nothing written: ' : '';
  print(`${found}`);
  print(
    `${prefix}${result.created} created, ${result.updated} updated (${result.renewed} renewed), ${result.removed} marked removed at source, ${result.unchanged} unchanged.`,
  );
  for (const change of result.changes) {
    print(
      `  ${change.action.padEnd(6)} ${change.name}  ${change.expires_at.slice(0, 10)}  ${change.external_id}`,
    );
  }
  for (const candidate of result.link_candidates) {
    print(
      `  not created: "${candidate.name}" (${candidate.external_id}) has the name and type of a token typed in by hand (${candidate.token_id}); link them in the app.`,
    );
  }
  for (const error of result.errors) warn(`  ${error}`);
}

export const SCAN_COMMANDS: Command[] = [
  {
    name: 'scan files',
    summary: 'Scan certificate files (PEM, DER, PKCS#12) and upsert them as tokens',
    usage:
      'scan files PATH... [--password P] [--include GLOB] [--exclude GLOB] [--no-recursive] [--scope NAME] [--dry-run] [--json]',
    description: `PATH is a file, a folder (walked recursively for *.pem, *.crt, *.cer, *.der, *.p12, *.pfx and *.key) or a glob ("/etc/ssl/**/*.pem", quoted).
Each certificate (a file's leaves; every certificate of a CA bundle) is one token, found again by its path on the next scan: a replaced file updates its token, a deleted one is marked "removed at source" (only under the PATHs scanned), and a second scan of the same files writes nothing.
Private keys are never read further nor sent: .key files are skipped unopened, and a PEM file's key block is left unparsed.`,
    options: {
      ...SCAN_OPTIONS,
      password: { type: 'string' },
      include: { type: 'string', multiple: true },
      exclude: { type: 'string', multiple: true },
      'no-recursive': { type: 'boolean' },
      scope: { type: 'string' },
    },
    optionsHelp: `  --password P         the password of PKCS#12 files (or EXPIRY_RADAR_PKCS12_PASSWORD)
  --include GLOB       the file names to read in folders (default: the certificate extensions), repeatable
  --exclude GLOB       paths to leave out, repeatable
  --no-recursive       read only the folders' own files
  --scope NAME         what the scan covers, its tokens matched within it (default: this host's name)
${SCAN_HELP}`,
    async run({ values, positionals }) {
      if (positionals.length === 0)
        throw new CliError(EXIT.usage, 'scan files needs at least one PATH.');
      const host = text(values, 'scope') ?? hostname();
      let scan;
      try {
        scan = await scanCertificateFiles({
          paths: positionals,
          host,
          recursive: !values['no-recursive'],
          include: texts(values, 'include'),
          exclude: texts(values, 'exclude'),
          password: text(values, 'password') ?? process.env.EXPIRY_RADAR_PKCS12_PASSWORD,
        });
      } catch (error) {
        // A file that cannot be read stops the scan before anything is sent: reported without
        // it, its token would be marked removed at source.
        const path = (error as { path?: unknown }).path;
        throw error instanceof CliError
          ? error
          : fileError('read', typeof path === 'string' ? path : positionals.join(' '), error);
      }
      for (const problem of scan.problems) warn(problem.message);
      const result = await report(values, {
        scanner: 'files',
        scope: host,
        roots: scan.roots,
        items: scan.items,
      });
      printSummary(
        values,
        `Read ${scan.filesRead} files on ${host}: ${scan.items.length} certificates.`,
        result,
        {
          scope: host,
          problems: scan.problems,
        },
      );
      const kinds = new Set(scan.problems.map((problem) => problem.kind));
      const code: ExitCode = kinds.has('needs_password')
        ? EXIT.needsPassword
        : kinds.has('not_certificate')
          ? EXIT.notCertificate
          : kinds.has('private_key')
            ? EXIT.privateKeyFound
            : EXIT.ok;
      return code;
    },
  },
  {
    name: 'scan kubernetes',
    summary:
      'Scan TLS secrets and cert-manager Certificates of a cluster and upsert them as tokens',
    usage:
      'scan kubernetes [--kubeconfig FILE] [--context NAME] [--cluster NAME] [--namespace NS]... [--dry-run] [--json]',
    description: `Reads the secrets of type kubernetes.io/tls in every namespace the credentials may read (across the cluster when allowed, else namespace by namespace), and cert-manager Certificate resources with their renewal time. In a pod it uses the service account; elsewhere the kubeconfig (--kubeconfig, KUBECONFIG or ~/.kube/config).
Each secret and Certificate is one token (a secret cert-manager writes is its Certificate's token), found again on the next scan: a changed one is updated, a deleted one is marked "removed at source"; namespaces that could not be read keep their tokens as they are. A secret's tls.key is never read nor sent.`,
    options: {
      ...SCAN_OPTIONS,
      kubeconfig: { type: 'string' },
      context: { type: 'string' },
      cluster: { type: 'string' },
      namespace: { type: 'string', short: 'n', multiple: true },
    },
    optionsHelp: `  --kubeconfig FILE    the kubeconfig to use (default: in-cluster, KUBECONFIG or ~/.kube/config)
  --context NAME       the kubeconfig context (default: its current one)
  --cluster NAME       the cluster's name, the scan's scope (default: the kubeconfig's cluster name)
  -n, --namespace NS   read only these namespaces, repeatable
${SCAN_HELP}`,
    async run({ values }) {
      // The Kubernetes client loads only for this command (it is most of the tool's start-up).
      const { scanKubernetes } = await import('../scan/kubernetes.js');
      const scan = await scanKubernetes({
        kubeconfig: text(values, 'kubeconfig'),
        context: text(values, 'context'),
        cluster: text(values, 'cluster'),
        namespaces: texts(values, 'namespace'),
      });
      for (const note of scan.notes) warn(note);
      for (const problem of scan.problems) warn(problem);
      const result = await report(values, {
        scanner: 'kubernetes',
        scope: scan.scope,
        roots: scan.roots,
        unread: scan.unread,
        items: scan.items,
      });
      printSummary(
        values,
        `Read ${scan.secretsRead} TLS secrets and ${scan.certificatesRead} cert-manager Certificates in ${scan.scope}: ${scan.items.length} certificates.`,
        result,
        { scope: scan.scope, notes: scan.notes, problems: scan.problems },
      );
      return scan.problems.length > 0 ? EXIT.notCertificate : EXIT.ok;
    },
  },
];
