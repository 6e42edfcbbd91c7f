/** The exit codes of `expiry-radar`, each for one kind of outcome, listed by every `--help`. */
export const EXIT = {
  ok: 0,
  /** `check`: something expires within the window. */
  expiring: 1,
  /** Wrong arguments or options. */
  usage: 2,
  /** The API key is wrong, revoked or expired (or none is configured). */
  badKey: 3,
  /** The API key is read-only and the command writes. */
  readOnlyKey: 4,
  /** The API refused the request (invalid input, not found, not allowed for the role). */
  refused: 5,
  /** A scanned file is not a certificate. */
  notCertificate: 6,
  /** A PKCS#12 file needs a password (none given, or a wrong one). */
  needsPassword: 7,
  /** The Expiry Radar API (or the Kubernetes API) cannot be reached. */
  unreachable: 8,
  /** A scanned folder holds private keys: skipped, never read further nor sent. */
  privateKeyFound: 9,
  /** Kubernetes: no cluster configuration, or the cluster refused the scan. */
  kubernetes: 10,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODE_HELP = `Exit codes:
  0   success
  1   check: a token expires within the window
  2   wrong arguments or options
  3   the API key is wrong, revoked or expired, or none is configured
  4   the API key is read-only and the command writes
  5   the API refused the request (invalid input, not found, not allowed)
  6   a scanned file is not a certificate
  7   a PKCS#12 file needs a password (none given, or a wrong one)
  8   the Expiry Radar API or the Kubernetes API cannot be reached
  9   private keys were found: skipped, never read further nor sent
  10  Kubernetes: no cluster configuration, or the cluster refused the scan`;

/** A failure that ends the command with its exit code and message. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
  }
}
