/**
 * `npm run deploy:check [-- -c key=value ...]`: reads the account the AWS credentials lead to and
 * prints, line by line, what is ready for `npm run deploy` and what to do about what is not
 * (infra/deploy-check/deploy-checks.ts). The context is cdk.json's, cdk.context.json's and the
 * `-c` values, as `cdk deploy` reads it. Exits with 1 when something would make the deploy fail.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import {
  isStripeConfigured,
  readAccountContext,
  readBillingContext,
  readDomainContext,
  readEdgeContext,
} from '../config/app-context';
import { REPO_ROOT } from '../constructs/app-function';
import {
  defaultClients,
  formatCheckLines,
  runDeployChecks,
  type DeploySettings,
} from '../deploy-check/deploy-checks';
import { senderAddress } from '../stacks/jobs-stack';

function readJson(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** `-c key=value` and `--context key=value` arguments. */
export function contextArguments(argv: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    const value = argument === '-c' || argument === '--context' ? argv[++index] : undefined;
    const pair = value ?? /^--context=(.*)$/.exec(argument)?.[1];
    if (!pair) continue;
    const separator = pair.indexOf('=');
    if (separator > 0) values[pair.slice(0, separator)] = pair.slice(separator + 1);
  }
  return values;
}

export function deploySettingsOf(context: Record<string, unknown>): DeploySettings {
  const { node } = new App({ context });
  const account = readAccountContext(node);
  const billing = readBillingContext(node);
  const domain = readDomainContext(node);
  const edge = readEdgeContext(node);
  return {
    senderAddress: account.emailFrom ? senderAddress(account.emailFrom) : '',
    usesUsEast1:
      edge.wafEnabled ||
      Boolean(domain.domainName && domain.hostedZoneId && !domain.certificateArn),
    parameters: [
      ...(isStripeConfigured(billing)
        ? [
            { name: billing.stripeSecretKeyParameter, purpose: 'Stripe secret key' },
            {
              name: billing.stripeWebhookSecretParameter,
              purpose: 'Stripe webhook signing secret',
            },
          ]
        : []),
      ...(account.googleClientId
        ? [{ name: account.googleClientSecretParameter, purpose: 'Google client secret' }]
        : []),
      ...(account.slackClientId
        ? [
            { name: account.slackClientSecretParameter, purpose: 'Slack app client secret' },
            { name: account.slackSigningSecretParameter, purpose: 'Slack app signing secret' },
          ]
        : []),
    ],
  };
}

async function main(): Promise<void> {
  const cdkJson = readJson(path.join(REPO_ROOT, 'cdk.json'));
  const context = {
    ...((cdkJson.context as Record<string, unknown> | undefined) ?? {}),
    ...readJson(path.join(REPO_ROOT, 'cdk.context.json')),
    ...contextArguments(process.argv.slice(2)),
  };
  const lines = await runDeployChecks(deploySettingsOf(context), defaultClients());
  console.log(formatCheckLines(lines));
  const blocking = lines.filter((line) => line.status === 'to do' && line.blocking);
  if (blocking.length > 0) {
    console.log(`\n${blocking.length} to do before \`npm run deploy\` can succeed.`);
    process.exitCode = 1;
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
