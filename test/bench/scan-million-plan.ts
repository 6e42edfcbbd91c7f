/**
 * The shape of the million-token scan benchmark (test/bench/scan-million.ts) and the checks of
 * what it delivered, kept apart from the emulators so that they can be tested on their own
 * (test/bench-runner/scan-million-plan.test.ts).
 *
 * Workspace `w` (0 to workspaces - 1) belongs to recipient `w % recipients`, its owner and the
 * default recipient of its alerts; its first `duePerWorkspace` tokens are due. A recipient owns
 * workspaces/recipients workspaces, so each gets one digest listing their due tokens of every
 * workspace they own.
 */

export interface ScanMillionShape {
  readonly workspaces: number;
  readonly tokensPerWorkspace: number;
  readonly duePerWorkspace: number;
  readonly recipients: number;
}

/** 1,000,000 tokens in 10,000 workspaces, 1% due, over 2,000 recipients (issue #48). */
export const SCAN_MILLION_SHAPE: ScanMillionShape = {
  workspaces: 10_000,
  tokensPerWorkspace: 100,
  duePerWorkspace: 1,
  recipients: 2_000,
};

export const tokenCountOf = (shape: ScanMillionShape) =>
  shape.workspaces * shape.tokensPerWorkspace;

export const dueCountOf = (shape: ScanMillionShape) => shape.workspaces * shape.duePerWorkspace;

export const recipientOf = (shape: ScanMillionShape, workspace: number) =>
  workspace % shape.recipients;

export const recipientAddress = (recipient: number) => `recipient-${recipient}@example.com`;

/** The name of a due token: unique over the run, and what a digest row starts with. */
export const dueTokenName = (shape: ScanMillionShape, workspace: number, token: number) =>
  `Token ${workspace * shape.duePerWorkspace + token}`;

/** The digest rows' token names in an email's plain text (a row: `<name> expires ...`). */
export function digestRowNames(text: string): string[] {
  return (text.match(/^Token \d+ (?=expires)/gm) ?? []).map((name) => name.trim());
}

/** Per recipient's address, the due token names their digests should list. */
export function expectedDigestRows(shape: ScanMillionShape): Map<string, Set<string>> {
  const expected = new Map<string, Set<string>>();
  for (let workspace = 0; workspace < shape.workspaces; workspace += 1) {
    const address = recipientAddress(recipientOf(shape, workspace));
    const names = expected.get(address) ?? new Set<string>();
    for (let token = 0; token < shape.duePerWorkspace; token += 1) {
      names.add(dueTokenName(shape, workspace, token));
    }
    expected.set(address, names);
  }
  return expected;
}

/** The emails a counting mailer was handed: each row (a token to an address) and its count. */
export class DigestLedger {
  readonly #rows = new Map<string, Map<string, number>>();
  readonly #emails = new Map<string, number>();

  record(address: string, names: readonly string[]): void {
    this.#emails.set(address, (this.#emails.get(address) ?? 0) + 1);
    const rows = this.#rows.get(address) ?? new Map<string, number>();
    for (const name of names) rows.set(name, (rows.get(name) ?? 0) + 1);
    this.#rows.set(address, rows);
  }

  get emails(): number {
    return [...this.#emails.values()].reduce((sum, count) => sum + count, 0);
  }

  /** Rows delivered at least once. */
  get rowsDelivered(): number {
    return [...this.#rows.values()].reduce((sum, rows) => sum + rows.size, 0);
  }

  /**
   * Against the expected rows: rows never sent (lost), rows sent more than once (twice), rows
   * sent that no one expected (unexpected), the recipients whose rows differ from theirs in any
   * way, and the recipients who got more emails than `digestsPerRecipient(rows)` says.
   */
  compare(
    expected: ReadonlyMap<string, ReadonlySet<string>>,
    digestsPerRecipient: (rows: number) => number,
  ): DigestComparison {
    let lost = 0;
    let twice = 0;
    let unexpected = 0;
    const recipientsWrong = new Set<string>();
    let recipientsOverEmailed = 0;
    for (const [address, names] of expected) {
      const rows = this.#rows.get(address) ?? new Map<string, number>();
      for (const name of names) {
        const count = rows.get(name) ?? 0;
        if (count === 0) lost += 1;
        if (count > 1) twice += 1;
        if (count !== 1) recipientsWrong.add(address);
      }
      if ((this.#emails.get(address) ?? 0) > digestsPerRecipient(names.size)) {
        recipientsOverEmailed += 1;
      }
    }
    for (const [address, rows] of this.#rows) {
      const names = expected.get(address);
      for (const name of rows.keys()) {
        if (names?.has(name)) continue;
        unexpected += 1;
        recipientsWrong.add(address);
      }
    }
    return {
      lost,
      twice,
      unexpected,
      recipientsWrong: recipientsWrong.size,
      recipientsOverEmailed,
    };
  }
}

export interface DigestComparison {
  readonly lost: number;
  readonly twice: number;
  readonly unexpected: number;
  readonly recipientsWrong: number;
  readonly recipientsOverEmailed: number;
}

/** How long each invocation of a function took, in milliseconds. */
export class InvocationTimes {
  readonly #times: number[] = [];

  add(milliseconds: number): void {
    this.#times.push(milliseconds);
  }

  get count(): number {
    return this.#times.length;
  }

  get longest(): number {
    return this.#times.reduce((longest, time) => Math.max(longest, time), 0);
  }
}

/** `[budget 1.2x: within]` or `[budget 1.2x: OVER]`. */
export function ratioBudget(value: number, budget: number): string {
  return `[budget ${budget}x: ${value <= budget ? 'within' : 'OVER'}]`;
}

/**
 * An invocation's longest time against its function's timeout, judged against a share of it
 * (`well inside` the limit): `61.2 s of 300 s (20%) [budget 50% of the timeout: within]`.
 */
export function timeoutBudget(milliseconds: number, timeoutSeconds: number, share: number): string {
  const used = milliseconds / 1000 / timeoutSeconds;
  return `${(milliseconds / 1000).toFixed(1)} s of ${timeoutSeconds} s (${Math.round(used * 100)}%) [budget ${Math.round(share * 100)}% of the timeout: ${used <= share ? 'within' : 'OVER'}]`;
}
