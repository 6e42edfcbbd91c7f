import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SQSClient } from '@aws-sdk/client-sqs';
import { resetConfigForTests } from '../platform/config';
import { startAlertQueuePoller } from './alert-queue-poller';
import { LOCAL_AWS_ENVIRONMENT } from './emulators/local-credentials';
import {
  endpointCheckIntervalSeconds,
  integrationSyncIntervalSeconds,
  registrationCheckIntervalSeconds,
  ctWatchIntervalSeconds,
  scanIntervalSeconds,
  startExpiryScanTimer,
  weeklySummaryIntervalSeconds,
} from './expiry-scan-timer';
import { startLocalControlServer } from './local-control-server';
import {
  provisionStage,
  startEmulators,
  type EmulatorPorts,
  type EmulatorServerEndpoints,
  type RunningEmulators,
} from './emulators/start-emulators';
import { createLocalServer, type WebRuntimeSettings } from './local-server';
import { mountImplementedRoutes } from './mount-routes';
import { sesPermanentBounce, snsEventOf } from './ses-notification-samples';
import { ensureLocalAlertLinkKey } from './alert-link-key-file';
import { ensureLocalIntegrationCredentialsKey } from './integration-credentials-key-file';
import { ensureLocalTwoFactorKey } from './two-factor-key-file';
import { startAzureStandIn, type AzureStandIn } from './emulators/azure-stand-in';
import { startGcpStandIn, type GcpStandIn } from './emulators/gcp-stand-in';
import { startSamlIdpStandIn, type SamlIdpStandIn } from './emulators/saml-idp-stand-in';
import {
  startOidcProviderStandIn,
  type OidcProviderStandIn,
} from './emulators/oidc-provider-stand-in';
import { startGithubStandIn, type GithubStandIn } from './emulators/github-stand-in';
import { startRdapStandIn, type RdapStandIn } from './emulators/rdap-stand-in';
import { startSlackStandIn, type SlackStandIn } from './emulators/slack-stand-in';
import { startDnsStandIn, type DnsStandIn } from './emulators/dns-stand-in';
import { startCtSearchStandIn, type CtSearchStandIn } from './emulators/ct-search-stand-in';

export interface LocalRuntimeOptions {
  readonly appPort: number;
  readonly host: string;
  readonly emulatorPorts: EmulatorPorts;
  readonly tableName: string;
  readonly webDirectory: string;
  readonly runtimeSettings: WebRuntimeSettings;
  /** DynamoDB Local keeps its data here; in memory when absent (tests). */
  readonly dataDirectory?: string;
  readonly onUnexpectedError?: (error: unknown) => void;
  /** The local-only control endpoint (`POST /alerts/scan`); 0 or absent: any free port. */
  readonly controlPort?: number;
  /**
   * Emulators another process started (the test run's one set): the runtime creates its table
   * and queues in them instead of starting its own, and leaves them running when it stops.
   */
  readonly runningEmulators?: EmulatorServerEndpoints;
  /**
   * The local RDAP stand-in's port (every registry's RDAP lookups go to it, RDAP_BASE_URL);
   * 0 or absent: any free port.
   */
  readonly rdapPort?: number;
  /**
   * The local certificate transparency search stand-in's port (the watch reads it instead of
   * Cert Spotter, CT_SEARCH_BASE_URL); 0 or absent: any free port.
   */
  readonly ctSearchPort?: number;
  /** The local GitHub stand-in's port; 0 or absent: any free port. */
  readonly githubPort?: number;
  /** The local Azure stand-in's port; 0 or absent: any free port. */
  readonly azurePort?: number;
  /** The local Google Cloud stand-in's port; 0 or absent: any free port. */
  readonly gcpPort?: number;
  /** The local SAML IdP stand-in's port; 0 or absent: any free port. */
  readonly samlIdpPort?: number;
  /** The local OpenID provider stand-in's port; 0 or absent: any free port. */
  readonly oidcProviderPort?: number;
  /** The local Slack stand-in's port; 0 or absent: any free port. */
  readonly slackPort?: number;
  /** The local DNS stand-in's UDP port (domain verification, DNS_RESOLVER); 0 or absent: any. */
  readonly dnsPort?: number;
}

export interface RunningLocalRuntime {
  readonly appUrl: string;
  readonly emulators: RunningEmulators;
  /**
   * `POST {controlUrl}/alerts/scan` runs one expiry scan now; `/alerts/weekly-summary` (`?at=`)
   * the weekly summary job.
   */
  readonly controlUrl: string;
  /** The control endpoint answers only calls that carry it (`controlAuthorization`). */
  readonly controlSecret: string;
  /** The local RDAP stand-in: `PUT {rdapUrl}stand-in/domains/<name>` sets what it answers. */
  readonly rdapUrl: string;
  /**
   * The local DNS stand-in domain verification reads TXT records from (`dns.resolver`);
   * `PUT {dns.controlUrl}/stand-in/txt/<name>` with `{"values": [...]}` sets a name's records.
   */
  readonly dns: { readonly resolver: string; readonly controlUrl: string };
  /**
   * The local Cert Spotter stand-in: `POST {ctSearchUrl}stand-in/issuances` adds a certificate
   * issued, `PUT {ctSearchUrl}stand-in/behaviour` makes it answer 429, 503 or malformed JSON.
   */
  readonly ctSearchUrl: string;
  /**
   * The local GitHub stand-in (seeded with the organization `expiry-radar-demo`): its URL is the
   * GitHub API URL of an integration; `GET {githubUrl}/stand-in/app` answers credentials for it.
   */
  readonly githubUrl: string;
  /**
   * The local Azure stand-in (login, Graph, Resource Manager and Key Vault at one address, seeded
   * with an app registration and the vault `demo-vault`): `GET {azureUrl}/stand-in/credentials`
   * answers what to give an integration.
   */
  readonly azureUrl: string;
  /**
   * The local Google Cloud stand-in (token endpoint at `{gcpUrl}/token`, Secret Manager and IAM,
   * seeded with the project `expiry-radar-demo`): `GET {gcpUrl}/stand-in/key` answers the
   * service account key to give an integration.
   */
  readonly gcpUrl: string;
  /**
   * The local SAML IdP stand-in: its metadata at `{samlIdpUrl}/metadata` (a SAML connection's
   * metadata URL), a page at `/sso` to pick the user to sign in as; `PUT {samlIdpUrl}/stand-in/users`
   * sets the users it offers.
   */
  readonly samlIdpUrl: string;
  /**
   * The local OpenID provider stand-in's issuer URL (an OpenID Connect connection's issuer; any
   * client id and secret): it signs in the address typed on the login page.
   */
  readonly oidcProviderUrl: string;
  /**
   * The local Slack stand-in (the Slack app's Web API, its authorize page and a page of the
   * messages it received): `POST {slack.url}/stand-in/click` clicks a message's button as Slack
   * would, signed. Its client id and secrets are the app's unless SLACK_CLIENT_ID was set.
   */
  readonly slack: SlackStandIn;
  stop(): Promise<void>;
}

/**
 * The jobs of the jobs stack, locally: the alert worker fed by a queue poller, the expiry scan on
 * a timer (ALERT_SCAN_INTERVAL_SECONDS), the weekly summary on another
 * (WEEKLY_SUMMARY_INTERVAL_SECONDS), and the endpoint check dispatcher on a third
 * (ENDPOINT_CHECK_INTERVAL_SECONDS) with its queue's worker fed by a poller of its own, and the
 * integration sync dispatcher on a fourth (INTEGRATION_SYNC_INTERVAL_SECONDS, hourly) with its
 * queue's worker likewise, and the registration check dispatcher on a fifth
 * (REGISTRATION_CHECK_INTERVAL_SECONDS, hourly) with its queue's worker likewise, and the
 * certificate transparency watch dispatcher on a sixth (CT_WATCH_INTERVAL_SECONDS, hourly) with
 * its queue's worker likewise, each job also on demand through the control endpoint.
 * Imported after the environment points at the emulators, like the route handlers.
 */
async function startLocalJobs(options: {
  sqsEndpoint: string;
  alertQueueUrl: string;
  endpointCheckQueueUrl: string;
  integrationSyncQueueUrl: string;
  registrationCheckQueueUrl: string;
  ctWatchQueueUrl: string;
  controlPort: number;
  onUnexpectedError?: (error: unknown) => void;
}) {
  const [
    { handler: worker },
    { runExpiryScan },
    { runWeeklySummaries, sendWeeklySummaryPreviews },
    { handleEmailFeedback },
    { handler: endpointWorker },
    { runEndpointDispatch },
    { handler: integrationSyncWorker },
    { runIntegrationSyncDispatch },
    { handler: registrationWorker },
    { runRegistrationDispatch },
    { handler: ctWatchWorker },
    { runCtWatchDispatch },
  ] = await Promise.all([
    import('../jobs/alert-worker'),
    import('../jobs/expiry-scan'),
    import('../jobs/weekly-summary'),
    import('../jobs/email-feedback'),
    import('../jobs/endpoint-check-worker'),
    import('../jobs/endpoint-dispatch'),
    import('../jobs/integration-sync-worker'),
    import('../jobs/integration-sync-dispatch'),
    import('../jobs/registration-check-worker'),
    import('../jobs/registration-dispatch'),
    import('../jobs/ct-watch-worker'),
    import('../jobs/ct-watch-dispatch'),
  ]);
  const client = new SQSClient({
    endpoint: options.sqsEndpoint,
    region: LOCAL_AWS_ENVIRONMENT.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const poller = startAlertQueuePoller({
    client,
    queueUrl: options.alertQueueUrl,
    worker,
    onError: options.onUnexpectedError,
  });
  const endpointPoller = startAlertQueuePoller({
    client,
    queueUrl: options.endpointCheckQueueUrl,
    worker: endpointWorker,
    onError: options.onUnexpectedError,
  });
  const integrationSyncPoller = startAlertQueuePoller({
    client,
    queueUrl: options.integrationSyncQueueUrl,
    worker: integrationSyncWorker,
    onError: options.onUnexpectedError,
  });
  const registrationPoller = startAlertQueuePoller({
    client,
    queueUrl: options.registrationCheckQueueUrl,
    worker: registrationWorker,
    onError: options.onUnexpectedError,
  });
  const ctWatchPoller = startAlertQueuePoller({
    client,
    queueUrl: options.ctWatchQueueUrl,
    worker: ctWatchWorker,
    onError: options.onUnexpectedError,
  });
  const registrationTimer = startExpiryScanTimer({
    intervalSeconds: registrationCheckIntervalSeconds(),
    scan: () => runRegistrationDispatch(new Date()),
    onError: options.onUnexpectedError,
  });
  const ctWatchTimer = startExpiryScanTimer({
    intervalSeconds: ctWatchIntervalSeconds(),
    scan: () => runCtWatchDispatch(new Date()),
    onError: options.onUnexpectedError,
  });
  const integrationSyncTimer = startExpiryScanTimer({
    intervalSeconds: integrationSyncIntervalSeconds(),
    scan: () => runIntegrationSyncDispatch(new Date()),
    onError: options.onUnexpectedError,
  });
  const endpointTimer = startExpiryScanTimer({
    intervalSeconds: endpointCheckIntervalSeconds(),
    scan: () => runEndpointDispatch(new Date()),
    onError: options.onUnexpectedError,
  });
  const timer = startExpiryScanTimer({
    intervalSeconds: scanIntervalSeconds(),
    scan: () => runExpiryScan(new Date()),
    onError: options.onUnexpectedError,
  });
  const summaryTimer = startExpiryScanTimer({
    intervalSeconds: weeklySummaryIntervalSeconds(),
    scan: () => runWeeklySummaries(new Date()),
    onError: options.onUnexpectedError,
  });
  const control = await startLocalControlServer({
    port: options.controlPort,
    runScan: () => timer.runNow(),
    runWeeklySummary: (at) => (at ? runWeeklySummaries(at) : summaryTimer.runNow()),
    previewWeeklySummaries: () => sendWeeklySummaryPreviews(new Date()),
    bounceEmail: (address) => handleEmailFeedback(snsEventOf([sesPermanentBounce(address)])),
    runEndpointChecks: (all) =>
      all ? runEndpointDispatch(new Date(), undefined, { all }) : endpointTimer.runNow(),
    runIntegrationSyncs: () => integrationSyncTimer.runNow(),
    runRegistrationChecks: (all) =>
      all ? runRegistrationDispatch(new Date(), undefined, { all }) : registrationTimer.runNow(),
    runCtWatch: (all) =>
      all ? runCtWatchDispatch(new Date(), undefined, { all }) : ctWatchTimer.runNow(),
  });
  return {
    controlUrl: control.url,
    controlSecret: control.secret,
    stop: async () => {
      await control.stop();
      await timer.stop();
      await summaryTimer.stop();
      await endpointTimer.stop();
      await integrationSyncTimer.stop();
      await registrationTimer.stop();
      await ctWatchTimer.stop();
      await registrationPoller.stop();
      await ctWatchPoller.stop();
      await poller.stop();
      await endpointPoller.stop();
      await integrationSyncPoller.stop();
      client.destroy();
    },
  };
}

async function emulatorsFor(options: LocalRuntimeOptions): Promise<RunningEmulators> {
  const stage = { tableName: options.tableName, stage: 'local' };
  if (!options.runningEmulators) {
    return startEmulators({
      ...stage,
      ports: options.emulatorPorts,
      dataDirectory: options.dataDirectory,
    });
  }
  const provisioned = await provisionStage(options.runningEmulators, stage);
  return { ...provisioned, stop: async () => {} };
}

/**
 * The embedded default: the AWS emulators, the table and queues in them, and one HTTP server
 * mounting every implemented route. `npm start` and the black-box tests both start it this way.
 */
export async function startLocalRuntime(
  options: LocalRuntimeOptions,
): Promise<RunningLocalRuntime> {
  const emulators = await emulatorsFor(options);
  let server: Server | undefined;
  let rdap: RdapStandIn | undefined;
  let dns: DnsStandIn | undefined;
  let ctSearch: CtSearchStandIn | undefined;
  let github: GithubStandIn | undefined;
  let azure: AzureStandIn | undefined;
  let gcp: GcpStandIn | undefined;
  let samlIdp: SamlIdpStandIn | undefined;
  let oidcProvider: OidcProviderStandIn | undefined;
  let slack: SlackStandIn | undefined;
  try {
    rdap = await startRdapStandIn({ port: options.rdapPort ?? 0 });
    dns = await startDnsStandIn({ port: options.dnsPort ?? 0 });
    ctSearch = await startCtSearchStandIn({ port: options.ctSearchPort ?? 0 });
    github = await startGithubStandIn({ port: options.githubPort ?? 0, seed: true });
    azure = await startAzureStandIn({ port: options.azurePort ?? 0, seed: true });
    gcp = await startGcpStandIn({ port: options.gcpPort ?? 0, seed: true });
    samlIdp = await startSamlIdpStandIn({ port: options.samlIdpPort ?? 0 });
    oidcProvider = await startOidcProviderStandIn({ port: options.oidcProviderPort ?? 0 });
    slack = await startSlackStandIn({ port: options.slackPort ?? 0 });
    if (!process.env.SLACK_CLIENT_ID) {
      // The Slack app talks to the local stand-in (its URLs are never honoured in production).
      Object.assign(process.env, {
        SLACK_CLIENT_ID: slack.clientId,
        SLACK_CLIENT_SECRET: slack.clientSecret,
        SLACK_SIGNING_SECRET: slack.signingSecret,
        SLACK_API_BASE_URL: slack.apiBaseUrl,
        SLACK_AUTHORIZE_URL: slack.authorizeUrl,
      });
    }
    Object.assign(process.env, emulators.environment, {
      APP_ENV: 'local',
      // Every registry's RDAP lookups go to the local stand-in (never honoured in production).
      RDAP_BASE_URL: rdap.baseUrl,
      // Domain verification reads TXT records from the local DNS stand-in (never in production).
      DNS_RESOLVER: dns.resolver,
      // The certificate transparency watch reads the local stand-in (never honoured in production).
      CT_SEARCH_BASE_URL: ctSearch.baseUrl,
      // Lets a webhook receiver on this machine take test messages; never honoured in production.
      WEBHOOK_ALLOW_LOOPBACK: process.env.WEBHOOK_ALLOW_LOOPBACK ?? 'true',
    });
    ensureLocalTwoFactorKey(options.dataDirectory);
    ensureLocalAlertLinkKey(options.dataDirectory);
    ensureLocalIntegrationCredentialsKey(options.dataDirectory);
    const routes = await mountImplementedRoutes();
    server = createLocalServer({
      routes,
      webDirectory: options.webDirectory,
      runtimeSettings: options.runtimeSettings,
      onUnexpectedError: options.onUnexpectedError,
    });
    const listening = server;
    const standIn = rdap;
    const dnsStandIn = dns;
    const githubStandIn = github;
    const azureStandIn = azure;
    const gcpStandIn = gcp;
    const samlIdpStandIn = samlIdp;
    const oidcProviderStandIn = oidcProvider;
    const slackStandIn = slack;
    const ctStandIn = ctSearch;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(options.appPort, options.host, () => resolve());
    });
    const { port } = listening.address() as AddressInfo;
    const appUrl = `http://localhost:${port}`;
    process.env.APP_ORIGIN = appUrl;
    resetConfigForTests();
    slackStandIn.setInteractionUrl(`${appUrl}/api/slack/interactions`);
    const jobs = await startLocalJobs({
      sqsEndpoint: emulators.endpoints.sqs,
      alertQueueUrl: emulators.endpoints.alertQueueUrl,
      endpointCheckQueueUrl: emulators.endpoints.endpointCheckQueueUrl,
      integrationSyncQueueUrl: emulators.endpoints.integrationSyncQueueUrl,
      registrationCheckQueueUrl: emulators.endpoints.registrationCheckQueueUrl,
      ctWatchQueueUrl: emulators.endpoints.ctWatchQueueUrl,
      controlPort: options.controlPort ?? 0,
      onUnexpectedError: options.onUnexpectedError,
    });
    return {
      appUrl,
      emulators,
      controlUrl: jobs.controlUrl,
      controlSecret: jobs.controlSecret,
      rdapUrl: standIn.baseUrl,
      dns: { resolver: dnsStandIn.resolver, controlUrl: dnsStandIn.controlUrl },
      ctSearchUrl: ctStandIn.baseUrl,
      githubUrl: githubStandIn.apiUrl,
      azureUrl: azureStandIn.url,
      gcpUrl: gcpStandIn.url,
      samlIdpUrl: samlIdpStandIn.url,
      oidcProviderUrl: oidcProviderStandIn.issuerUrl,
      slack: slackStandIn,
      stop: async () => {
        await jobs.stop();
        await standIn.stop();
        await dnsStandIn.stop();
        await ctStandIn.stop();
        await githubStandIn.stop();
        await azureStandIn.stop();
        await gcpStandIn.stop();
        await samlIdpStandIn.stop();
        await oidcProviderStandIn.stop();
        await slackStandIn.stop();
        await new Promise<void>((resolve) => {
          listening.closeAllConnections();
          listening.close(() => resolve());
        });
        await emulators.stop();
      },
    };
  } catch (error) {
    server?.close();
    await rdap?.stop();
    await dns?.stop();
    await github?.stop();
    await azure?.stop();
    await gcp?.stop();
    await samlIdp?.stop();
    await oidcProvider?.stop();
    await slack?.stop();
    await ctSearch?.stop();
    await emulators.stop();
    throw error;
  }
}
