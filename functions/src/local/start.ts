/**
 * `npm start`: runs the whole product on this machine with no AWS account. Every AWS service is
 * an emulator speaking the same API; the handlers are the ones deployed to Lambda.
 */
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  PLAN_PRICES_SETTING,
  planPricesFromSetting,
} from '@expiry-radar/shared/domain/plan-prices';
import { applyLocalCredentials } from './emulators/local-credentials';
import { scanIntervalSeconds } from './expiry-scan-timer';
import { startLocalRuntime } from './local-runtime';
import { assertPortFree, PortInUseError } from './ports';
import { RUNNING_EMULATORS_SETTING, runningEmulatorsFrom } from './running-emulators-setting';

const projectRoot = resolve(__dirname, '../../..');
const envFile = join(projectRoot, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

function portFrom(variable: string, fallback: number): number {
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${variable} must be a port number between 1 and 65535, not "${raw}".`);
  }
  return port;
}

async function main(): Promise<void> {
  // A PLAN_PRICES that is not valid stops the start with its reason (not every price request).
  planPricesFromSetting(process.env[PLAN_PRICES_SETTING]);
  const runningEmulators = runningEmulatorsFrom(process.env[RUNNING_EMULATORS_SETTING]);
  const ports = {
    PORT: portFrom('PORT', 4000),
    DYNAMODB_PORT: portFrom('DYNAMODB_PORT', 4001),
    SQS_PORT: portFrom('SQS_PORT', 4002),
    SES_PORT: portFrom('SES_PORT', 4003),
  };
  // With running emulators, only the app's own port is bound here.
  const portsToBind = runningEmulators ? { PORT: ports.PORT } : ports;
  for (const [variable, port] of Object.entries(portsToBind)) await assertPortFree(port, variable);

  const dataDirectory = resolve(projectRoot, process.env.DATA_DIR ?? '.data');
  mkdirSync(dataDirectory, { recursive: true });
  applyLocalCredentials();
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  // CloudWatch metrics (EMF lines on stdout) only when asked for: POWERTOOLS_METRICS_DISABLED=false.
  process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

  const runtime = await startLocalRuntime({
    appPort: ports.PORT,
    host: process.env.HOST ?? '127.0.0.1',
    emulatorPorts: { dynamoDb: ports.DYNAMODB_PORT, sqs: ports.SQS_PORT, ses: ports.SES_PORT },
    tableName: process.env.TABLE_NAME ?? 'expiry-radar-local',
    webDirectory: join(projectRoot, 'web/dist'),
    dataDirectory: join(dataDirectory, 'dynamodb'),
    runtimeSettings: {
      apiBaseUrl: process.env.API_BASE_URL ?? '',
      analyticsKey: process.env.ANALYTICS_KEY ?? '',
      analyticsHost: process.env.ANALYTICS_HOST ?? '',
      paymentPublishableKey: process.env.PAYMENT_PUBLISHABLE_KEY ?? '',
      supportEmail: process.env.SUPPORT_EMAIL?.trim() ?? '',
      communityChatUrl: process.env.COMMUNITY_CHAT_URL?.trim() ?? '',
    },
    onUnexpectedError: (error) => console.error(error),
    controlPort: process.env.LOCAL_CONTROL_PORT ? portFrom('LOCAL_CONTROL_PORT', 0) : 0,
    rdapPort: process.env.RDAP_PORT ? portFrom('RDAP_PORT', 0) : 0,
    dnsPort: process.env.DNS_STAND_IN_PORT ? portFrom('DNS_STAND_IN_PORT', 0) : 0,
    githubPort: process.env.GITHUB_STAND_IN_PORT ? portFrom('GITHUB_STAND_IN_PORT', 0) : 0,
    azurePort: process.env.AZURE_STAND_IN_PORT ? portFrom('AZURE_STAND_IN_PORT', 0) : 0,
    gcpPort: process.env.GCP_STAND_IN_PORT ? portFrom('GCP_STAND_IN_PORT', 0) : 0,
    samlIdpPort: process.env.SAML_IDP_PORT ? portFrom('SAML_IDP_PORT', 0) : 0,
    oidcProviderPort: process.env.OIDC_PROVIDER_PORT ? portFrom('OIDC_PROVIDER_PORT', 0) : 0,
    slackPort: process.env.SLACK_STAND_IN_PORT ? portFrom('SLACK_STAND_IN_PORT', 0) : 0,
    ctSearchPort: process.env.CT_SEARCH_PORT ? portFrom('CT_SEARCH_PORT', 0) : 0,
    ...(runningEmulators ? { runningEmulators } : {}),
  });

  const { endpoints } = runtime.emulators;
  const endpointsFile = join(dataDirectory, 'endpoints.json');
  const published = {
    app: runtime.appUrl,
    control: runtime.controlUrl,
    controlSecret: runtime.controlSecret,
    rdap: runtime.rdapUrl,
    dnsResolver: runtime.dns.resolver,
    dnsControl: runtime.dns.controlUrl,
    github: runtime.githubUrl,
    azure: runtime.azureUrl,
    gcp: runtime.gcpUrl,
    samlIdp: runtime.samlIdpUrl,
    oidcProvider: runtime.oidcProviderUrl,
    slack: runtime.slack.url,
    ctSearch: runtime.ctSearchUrl,
    ...endpoints,
  };
  // Holds the control secret: readable by this user only (also when the file already existed).
  writeFileSync(endpointsFile, JSON.stringify(published, null, 2) + '\n', { mode: 0o600 });
  chmodSync(endpointsFile, 0o600);
  console.log(
    [
      '',
      `Expiry Radar is running on the local AWS emulators.`,
      `  App:           ${runtime.appUrl}`,
      `  Email viewer:  ${endpoints.emailViewer}`,
      `  Data:          ${dataDirectory} (DynamoDB Local ${endpoints.dynamoDb}, SQS ${endpoints.sqs})`,
      `  Alert scan:    every ${scanIntervalSeconds()} s; now with npm run alerts:scan`,
      `  RDAP stand-in: ${runtime.rdapUrl} (every registry's lookups; npm run domains:check)`,
      `  DNS stand-in:  ${runtime.dns.resolver} (TXT records of domain verification; set them with PUT ${runtime.dns.controlUrl}/stand-in/txt/<name>)`,
      `  GitHub stand-in: ${runtime.githubUrl} (organization expiry-radar-demo; credentials at ${runtime.githubUrl}/stand-in/app)`,
      `  Azure stand-in: ${runtime.azureUrl} (login, Graph, Resource Manager, Key Vault; credentials at ${runtime.azureUrl}/stand-in/credentials)`,
      `  Google Cloud stand-in: ${runtime.gcpUrl} (token endpoint, Secret Manager, IAM; key at ${runtime.gcpUrl}/stand-in/key)`,
      `  Cert Spotter stand-in: ${runtime.ctSearchUrl} (the certificate transparency watch; npm run ct:watch)`,
      `  SAML IdP stand-in: ${runtime.samlIdpUrl} (a SAML connection's metadata URL: ${runtime.samlIdpUrl}/metadata)`,
      `  OpenID provider stand-in: ${runtime.oidcProviderUrl} (an OpenID Connect connection's issuer URL, any client id and secret; signs in the address typed on the login page)`,
      `  Slack stand-in: ${runtime.slack.url} (the Slack app: "Add to Slack" on the Alerts page; the messages it received and their buttons)`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nReceived ${signal}; stopping the app and the emulators...`);
    runtime.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) console.error(error.message);
  else console.error('Expiry Radar could not start:', error);
  process.exit(1);
});
