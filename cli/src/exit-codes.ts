/**
 * The exit codes of `expiry-radar`, each for one kind of outcome: one table, from which the codes
 * the commands return and the list every `--help` prints are both made.
 */
const EXIT_CODE_TABLE = {
  ok: { code: 0, help: 'success' },
  expiring: { code: 1, help: 'check: a token expires within the window' },
  usage: { code: 2, help: 'wrong arguments or options (a file that cannot be read included)' },
  badKey: { code: 3, help: 'the API key is wrong, revoked or expired, or none is configured' },
  readOnlyKey: { code: 4, help: 'the API key is read-only and the command writes' },
  refused: { code: 5, help: 'the API refused the request (invalid input, not found, not allowed)' },
  notCertificate: { code: 6, help: 'a scanned file is not a certificate' },
  needsPassword: { code: 7, help: 'a PKCS#12 file needs a password (none given, or a wrong one)' },
  unreachable: { code: 8, help: 'the Expiry Radar API or the Kubernetes API cannot be reached' },
  privateKeyFound: {
    code: 9,
    help: 'private keys were found: skipped, never read further nor sent',
  },
  kubernetes: {
    code: 10,
    help: 'Kubernetes: no cluster configuration, or the cluster refused the scan',
  },
  rowsNotImported: {
    code: 11,
    help: 'import: rows were not imported (invalid, duplicate or refused); the others were',
  },
  unexpected: { code: 70, help: 'an unexpected error of the tool itself (please report it)' },
} as const;

type ExitCodeTable = typeof EXIT_CODE_TABLE;

export const EXIT = Object.fromEntries(
  Object.entries(EXIT_CODE_TABLE).map(([name, { code }]) => [name, code]),
) as { readonly [Name in keyof ExitCodeTable]: ExitCodeTable[Name]['code'] };
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODE_HELP = `Exit codes:\n${Object.values(EXIT_CODE_TABLE)
  .map(({ code, help }) => `  ${String(code).padEnd(4)}${help}`)
  .join('\n')}`;

/**
 * A failure that ends the command with its exit code and message. A wrong argument is followed by
 * the command's usage line and where its help is, unless the message itself says what is
 * accepted (`showHelp: false`).
 */
export class CliError extends Error {
  readonly showHelp: boolean;

  constructor(
    readonly exitCode: ExitCode,
    message: string,
    options: { readonly showHelp?: boolean } = {},
  ) {
    super(message);
    this.showHelp = options.showHelp ?? exitCode === EXIT.usage;
  }
}
