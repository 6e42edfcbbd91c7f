import {
  DigestLedger,
  InvocationTimes,
  SCAN_MILLION_SHAPE,
  digestRowNames,
  dueCountOf,
  expectedDigestRows,
  ratioBudget,
  timeoutBudget,
  tokenCountOf,
} from '../bench/scan-million-plan';

const small = { workspaces: 6, tokensPerWorkspace: 10, duePerWorkspace: 2, recipients: 3 };
const oneEach = (rows: number) => Math.ceil(rows / 100);

describe('the million-token scan benchmark', () => {
  it('is a million tokens in 10,000 workspaces, 1% due, over 2,000 recipients', () => {
    expect(tokenCountOf(SCAN_MILLION_SHAPE)).toBe(1_000_000);
    expect(dueCountOf(SCAN_MILLION_SHAPE)).toBe(10_000);
    const expected = expectedDigestRows(SCAN_MILLION_SHAPE);
    expect(expected.size).toBe(2_000);
    expect([...expected.values()].every((names) => names.size === 5)).toBe(true);
  });

  it("expects each recipient's due tokens of every workspace they own, each once", () => {
    const expected = expectedDigestRows(small);
    expect(expected.get('recipient-0@example.com')).toEqual(
      // Workspaces 0 and 3, two due tokens each.
      new Set(['Token 0', 'Token 1', 'Token 6', 'Token 7']),
    );
    const all = [...expected.values()].flatMap((names) => [...names]);
    expect(new Set(all).size).toBe(dueCountOf(small));
  });

  it("reads a digest's rows from its plain text", () => {
    const text =
      'Your alerts\n\nToken 12 expires in 7 days\nToken 3 expires today\nToken 4 renewed\n';
    expect(digestRowNames(text)).toEqual(['Token 12', 'Token 3']);
  });

  it('finds rows lost, sent twice, sent to someone else, and emails beyond the digests', () => {
    const expected = expectedDigestRows(small);
    const complete = new DigestLedger();
    for (const [address, names] of expected) complete.record(address, [...names]);
    expect(complete.compare(expected, oneEach)).toEqual({
      lost: 0,
      twice: 0,
      unexpected: 0,
      recipientsWrong: 0,
      recipientsOverEmailed: 0,
    });
    expect(complete.emails).toBe(3);
    expect(complete.rowsDelivered).toBe(12);

    const wrong = new DigestLedger();
    wrong.record('recipient-0@example.com', ['Token 0', 'Token 1', 'Token 6']);
    wrong.record('recipient-0@example.com', ['Token 6']);
    wrong.record('recipient-1@example.com', [
      'Token 2',
      'Token 3',
      'Token 8',
      'Token 9',
      'Token 4',
    ]);
    wrong.record('recipient-2@example.com', ['Token 4', 'Token 5', 'Token 10', 'Token 11']);
    expect(wrong.compare(expected, oneEach)).toEqual({
      // Token 7 (recipient 0).
      lost: 1,
      // Token 6, in a second email.
      twice: 1,
      // Token 4 to recipient 1.
      unexpected: 1,
      recipientsWrong: 2,
      recipientsOverEmailed: 1,
    });
  });

  it('keeps the longest invocation', () => {
    const times = new InvocationTimes();
    expect(times.longest).toBe(0);
    times.add(120);
    times.add(4_500);
    times.add(80);
    expect(times.count).toBe(3);
    expect(times.longest).toBe(4_500);
  });

  it('judges ratios and invocation times against their budgets', () => {
    expect(ratioBudget(1, 1.2)).toBe('[budget 1.2x: within]');
    expect(ratioBudget(1.21, 1.2)).toBe('[budget 1.2x: OVER]');
    expect(timeoutBudget(61_200, 300, 0.5)).toBe(
      '61.2 s of 300 s (20%) [budget 50% of the timeout: within]',
    );
    expect(timeoutBudget(31_000, 60, 0.5)).toBe(
      '31.0 s of 60 s (52%) [budget 50% of the timeout: OVER]',
    );
  });
});
