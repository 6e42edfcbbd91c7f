import { judgeCfnLintFindings, type CfnLintFinding } from './cfn-lint-findings';

function finding(level: CfnLintFinding['Level'], rule: string): CfnLintFinding {
  return {
    Filename: 'cdk.out/ExpiryRadarWeb.template.json',
    Level: level,
    Message: `message of ${rule}`,
    Rule: { Id: rule },
    Location: { Start: { LineNumber: 7 } },
  };
}

describe('cfn-lint findings', () => {
  it('pass when every warning is one explained, and counts them', () => {
    const verdict = judgeCfnLintFindings([
      finding('Warning', 'W3005'),
      finding('Warning', 'W3005'),
      finding('Warning', 'W3045'),
      finding('Informational', 'I3042'),
    ]);
    expect(verdict.ok).toBe(true);
    expect(verdict.lines).toEqual([
      expect.stringMatching(/^W3005 x2, explained: /),
      expect.stringMatching(/^W3045 x1, explained: /),
    ]);
  });

  it('fail on any error, and on a warning nobody explained, naming file and line', () => {
    expect(judgeCfnLintFindings([finding('Error', 'E3002')])).toEqual({
      ok: false,
      lines: ['ERROR E3002 cdk.out/ExpiryRadarWeb.template.json:7 message of E3002'],
    });
    expect(judgeCfnLintFindings([finding('Warning', 'W2001')]).ok).toBe(false);
  });
});
