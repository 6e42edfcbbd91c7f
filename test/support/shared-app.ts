/**
 * The end-to-end project's shared services: one local app (`npm start`'s program, on the run's
 * shared emulators) and one Chromium per jest run, started by the project's global setup and used
 * by every suite. Suites stay apart by their own accounts and workspaces; a suite that needs the
 * app with another environment, or tests the start itself, starts its own (`startLocalApp`).
 */
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { endpointsOf, sharedEmulators } from '../../functions/test-support/shared-emulators';
import { VIEWER_ADDRESS_HEADER } from '@expiry-radar/functions/http/pipeline/client-ip';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser';
import { startLocalApp, type LocalAppProcess } from './local-app-process';

/** The Pro plan's yearly price in the shared app (the default is 190), so pages read settings. */
export const SHARED_APP_PLAN_PRICES = { pro: { yearly: { amount: 180 } } };

/**
 * The environment the shared app runs with, over the test process's own: the local billing mode
 * (no Stripe, whatever the developer's environment holds), webhooks to this machine, alert retries
 * after a second, the prices above, and no timer-driven scan (tests run it through the control
 * endpoint when they mean to).
 */
export const SHARED_APP_ENVIRONMENT: Readonly<Record<string, string>> = {
  STRIPE_SECRET_KEY: '',
  STRIPE_SECRET_KEY_PARAMETER: '',
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  ALERT_RETRY_BASE_SECONDS: '1',
  ALERT_RETRY_MAX_SECONDS: '1',
  ALERT_SCAN_INTERVAL_SECONDS: '3600',
  PLAN_PRICES: JSON.stringify(SHARED_APP_PLAN_PRICES),
  TABLE_NAME: 'expiry-radar-e2e',
};

const APP_VARIABLE = 'EXPIRY_RADAR_E2E_APP';
const CHROMIUM_VARIABLE = 'EXPIRY_RADAR_E2E_CHROMIUM';
/** Why a shared service could not start, for every suite that asks for it. */
const FAILURE_VARIABLE = 'EXPIRY_RADAR_E2E_START_FAILURE';

type SharedAppCoordinates = Omit<LocalAppProcess, 'output' | 'stop'>;

declare global {
  var expiryRadarSharedServices: { app?: LocalAppProcess; chromium?: BrowserServer } | undefined;
}

/**
 * Global setup: starts the app and Chromium side by side. A service that fails does not fail the
 * run: its error is kept, and each suite that asks for it fails with that error, printed whole.
 */
export async function startSharedServices(): Promise<void> {
  const started: NonNullable<typeof globalThis.expiryRadarSharedServices> = {};
  globalThis.expiryRadarSharedServices = started;
  const [app, server] = await Promise.allSettled([
    sharedEmulators().then((emulators) =>
      startLocalApp({
        env: {
          ...SHARED_APP_ENVIRONMENT,
          RUNNING_EMULATORS: JSON.stringify(endpointsOf(emulators)),
        },
      }),
    ),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }),
  ]);
  const failures: string[] = [];
  if (app.status === 'fulfilled') {
    started.app = app.value;
    const { appUrl, dataDirectory, tableName, endpoints } = app.value;
    const coordinates: SharedAppCoordinates = { appUrl, dataDirectory, tableName, endpoints };
    process.env[APP_VARIABLE] = JSON.stringify(coordinates);
  } else {
    failures.push(`The shared local app did not start: ${describe(app.reason)}`);
  }
  if (server.status === 'fulfilled') {
    started.chromium = server.value;
    process.env[CHROMIUM_VARIABLE] = server.value.wsEndpoint();
  } else {
    failures.push(`The shared Chromium did not start: ${describe(server.reason)}`);
  }
  if (failures.length > 0) {
    process.env[FAILURE_VARIABLE] = failures.join('\n\n');
    console.error(failures.join('\n\n'));
  }
}

/** Global teardown: stops what the setup started. */
export async function stopSharedServices(): Promise<void> {
  const started = globalThis.expiryRadarSharedServices;
  globalThis.expiryRadarSharedServices = undefined;
  await Promise.allSettled([started?.chromium?.close(), started?.app?.stop()]);
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function failIfNotStarted(variable: string): string {
  const value = process.env[variable];
  if (value) return value;
  throw new Error(
    process.env[FAILURE_VARIABLE] ??
      "The shared services are started by the e2e project's global setup (test/support/e2e-global-setup.ts); run this suite through jest.",
  );
}

/** Whether this process runs in a jest run whose global setup started (or tried) the services. */
export function sharedServicesStarted(): boolean {
  return Boolean(
    process.env[CHROMIUM_VARIABLE] ?? process.env[APP_VARIABLE] ?? process.env[FAILURE_VARIABLE],
  );
}

/** Whether the shared app runs with `env` (each variable the same), so a suite can use it. */
export function sharedAppServes(env: Readonly<Record<string, string>> = {}): boolean {
  return Object.entries(env).every(([name, value]) => SHARED_APP_ENVIRONMENT[name] === value);
}

/** The shared app, as a suite sees it: stopping it is the run's business, not the suite's. */
export function sharedApp(): LocalAppProcess {
  const coordinates = JSON.parse(failIfNotStarted(APP_VARIABLE)) as SharedAppCoordinates;
  return {
    ...coordinates,
    output: () =>
      "(the shared app runs in the test run's global setup; its output is not kept per suite)",
    stop: () => Promise.resolve(null),
  };
}

/**
 * The app for a suite that needs no browser: the shared one when it runs with `env` (in the e2e
 * project's run), else one of the suite's own.
 */
export async function appForSuite(env: Record<string, string> = {}): Promise<LocalAppProcess> {
  return sharedServicesStarted() && sharedAppServes(env) ? sharedApp() : startLocalApp({ env });
}

/**
 * A connection to the shared Chromium; closing it closes this suite's contexts, not Chromium.
 * Every context it makes comes from a client address of this suite's own, as CloudFront reports
 * a viewer's (`CloudFront-Viewer-Address`, which the app reads as the client's address): the
 * app's per-address rate limits, registration's among them, count each suite apart, as they did
 * when each suite had an app of its own.
 */
export async function connectToSharedChromium(): Promise<Browser> {
  const browser = await chromium.connect(failIfNotStarted(CHROMIUM_VARIABLE));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) =>
    newContext({
      ...options,
      extraHTTPHeaders: { ...suiteClientHeaders(), ...options.extraHTTPHeaders },
    });
  return browser;
}

/** This suite's client address (each test file loads this module afresh). */
const suiteViewerAddress = `10.${[...randomBytes(3)].join('.')}:443`;

/**
 * The header that gives a suite's requests to the shared app a client address of the suite's
 * own (see `connectToSharedChromium`); suites that call the app with `fetch` send it too.
 */
export function suiteClientHeaders(): Record<string, string> {
  return { [VIEWER_ADDRESS_HEADER]: suiteViewerAddress };
}
