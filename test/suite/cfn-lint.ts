/**
 * `npm run cfn-lint`: cfn-lint (part of the machine image, on the PATH) over the templates of the
 * one synth in cdk.out. Any error, or a warning not explained in cfn-lint-findings.ts, fails.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { judgeCfnLintFindings, type CfnLintFinding } from './cfn-lint-findings';

const assembly = resolve(__dirname, '../..', process.argv[2] ?? 'cdk.out');
const templates = readdirSync(assembly)
  .filter((file) => file.endsWith('.template.json'))
  .map((file) => join(assembly, file));
if (templates.length === 0) {
  console.error(`No templates in ${assembly}: run npm run synth first.`);
  process.exit(1);
}

const run = spawnSync('cfn-lint', ['--format', 'json', ...templates], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error) {
  console.error(`cfn-lint could not run (${run.error.message}); it is part of the machine image.`);
  process.exit(1);
}
let findings: CfnLintFinding[];
try {
  findings = JSON.parse(run.stdout || '[]') as CfnLintFinding[];
} catch {
  console.error(`cfn-lint did not answer JSON:\n${run.stdout}\n${run.stderr}`);
  process.exit(1);
}
const verdict = judgeCfnLintFindings(findings);
console.log(`cfn-lint: ${templates.length} templates, ${findings.length} findings.`);
for (const line of verdict.lines) console.log(`  ${line}`);
process.exitCode = verdict.ok ? 0 : 1;
