/** Judging cfn-lint's findings on the synthesized templates (see test/suite/cfn-lint.ts). */

export interface CfnLintFinding {
  readonly Filename: string;
  readonly Level: 'Error' | 'Warning' | 'Informational';
  readonly Message: string;
  readonly Rule: { readonly Id: string };
  readonly Location: { readonly Start: { readonly LineNumber: number } };
}

/**
 * Warnings we keep, each for a reason of its own (docs/architecture.md, "cfn-lint"): every other
 * warning, and every error, fails the test command.
 */
export const EXPLAINED_WARNINGS: Readonly<Record<string, string>> = {
  W3005:
    "a Lambda function's DependsOn names its role, which its Role GetAtt already implies: CDK's lambda.Function depends on the role's whole construct so that the role's policy (also in DependsOn, and needed) exists before the function runs",
  W3045:
    "the log bucket's AccessControl (LogDeliveryWrite): the site bucket's S3 server access logs are delivered through the bucket's ACL in this CDK configuration (CloudFront's v2 access logs use the bucket policy)",
};

export interface CfnLintVerdict {
  readonly ok: boolean;
  readonly lines: readonly string[];
}

export function judgeCfnLintFindings(findings: readonly CfnLintFinding[]): CfnLintVerdict {
  const unexplained = findings.filter(
    (finding) =>
      finding.Level === 'Error' ||
      (finding.Level === 'Warning' && !(finding.Rule.Id in EXPLAINED_WARNINGS)),
  );
  const explained = new Map<string, number>();
  for (const finding of findings) {
    if (finding.Level === 'Warning' && finding.Rule.Id in EXPLAINED_WARNINGS) {
      explained.set(finding.Rule.Id, (explained.get(finding.Rule.Id) ?? 0) + 1);
    }
  }
  const lines = [
    ...unexplained.map(
      (finding) =>
        `${finding.Level.toUpperCase()} ${finding.Rule.Id} ${finding.Filename}:${finding.Location.Start.LineNumber} ${finding.Message}`,
    ),
    ...[...explained].map(
      ([rule, count]) => `${rule} x${count}, explained: ${EXPLAINED_WARNINGS[rule]}.`,
    ),
  ];
  return { ok: unexplained.length === 0, lines };
}
