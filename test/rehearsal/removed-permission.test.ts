/**
 * The rehearsal catches a missing IAM permission before a deploy does: the app is synthesized
 * with the health route's bundle built, the health function's role loses `dynamodb:DescribeTable`
 * in the template, and `npm run rehearse`'s program, run on that cloud assembly, fails naming the
 * function, the action and the table's ARN, and nothing else.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { createExpiryRadar } from '../../infra/stacks/expiry-radar';

const projectRoot = join(__dirname, '../..');
const HEALTH_STACK = 'ExpiryRadarApiHealth';

interface PolicyTemplate {
  Resources: Record<
    string,
    {
      Type: string;
      Properties: { PolicyDocument: { Statement: Array<{ Action: string | string[] }> } };
    }
  >;
}

/** Removes `action` from every policy statement of the template; how many statements had it. */
function removeAction(templateFile: string, action: string): number {
  const template = JSON.parse(readFileSync(templateFile, 'utf8')) as PolicyTemplate;
  let removed = 0;
  for (const resource of Object.values(template.Resources)) {
    if (resource.Type !== 'AWS::IAM::Policy') continue;
    const document = resource.Properties.PolicyDocument;
    document.Statement = document.Statement.flatMap((statement) => {
      const actions = [statement.Action].flat();
      if (!actions.includes(action)) return [statement];
      removed += 1;
      const rest = actions.filter((candidate) => candidate !== action);
      return rest.length > 0 ? [{ ...statement, Action: rest }] : [];
    });
  }
  writeFileSync(templateFile, JSON.stringify(template, null, 1));
  return removed;
}

describe('the rehearsal with a permission removed from a synthesized template', () => {
  let assembly: string;

  beforeAll(() => {
    assembly = mkdtempSync(join(tmpdir(), 'expiry-radar-assembly-'));
    const app = new App({
      outdir: assembly,
      // As `cdk synth` asks: construct paths in the templates; only the health route bundled.
      context: {
        'aws:cdk:enable-path-metadata': true,
        'aws:cdk:enable-asset-metadata': true,
        'aws:cdk:bundling-stacks': [HEALTH_STACK],
      },
    });
    createExpiryRadar(app);
    app.synth();
  }, 120_000);

  afterAll(() => {
    rmSync(assembly, { recursive: true, force: true });
  });

  it('fails, naming the function, the action and the resource', () => {
    expect(
      removeAction(join(assembly, `${HEALTH_STACK}.template.json`), 'dynamodb:DescribeTable'),
    ).toBe(1);

    const run = spawnSync(
      join(projectRoot, 'node_modules/.bin/tsx'),
      ['test/rehearsal/run-rehearsal.ts', '--assembly', assembly, '--only', `${HEALTH_STACK}/`],
      { cwd: projectRoot, encoding: 'utf8', timeout: 150_000 },
    );
    const output = `${run.stdout}\n${run.stderr}`;

    expect(run.status).toBe(1);
    expect(output).toContain('Rehearsal FAILED.');
    const failures = output
      .slice(output.indexOf('FAILURES:'), output.indexOf('Rehearsal FAILED.'))
      .trim()
      .split('\n')
      .slice(1);
    expect(failures).toEqual([
      expect.stringMatching(
        /^ {2}ApiHealth\/GetHealth \(ExpiryRadarApiHealth\/Routes\/GetHealth\/Function\): ApiHealth\/GetHealth is not allowed dynamodb:DescribeTable on arn:aws:dynamodb:us-east-1:000000000000:table\/ExpiryRadarData-TableCD117FA1-\w+ \(DynamoDBClient DescribeTableCommand\)$/,
      ),
    ]);
  }, 180_000);
});
