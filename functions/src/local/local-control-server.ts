/**
 * A local-only control endpoint on 127.0.0.1 (its own port, never the app's): `POST /alerts/scan`
 * runs one expiry scan now and answers its counts; `POST /alerts/weekly-summary` runs the weekly
 * summary job now, or as at `?at=<ISO instant>` (a fake clock: Monday morning on any day);
 * `POST /email/bounce?address=<address>` hands a recorded SES bounce of that address to the email
 * feedback job, as SNS does in AWS. `npm run alerts:scan`, `npm run email:bounce` and the tests
 * call it.
 *
 * Every call must carry the secret drawn when the endpoint starts (`Authorization: Bearer …`),
 * which the runtime writes only to `.data/endpoints.json` (mode 0600): a web page in the browser
 * (DNS rebinding, a form post to 127.0.0.1) or another user of the machine cannot know it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorMessage } from '../platform/error-message';

export const CONTROL_SECRET_HEADER = 'authorization';

export interface LocalControlServer {
  readonly url: string;
  /** Sent as `Authorization: Bearer <secret>` by every caller. */
  readonly secret: string;
  stop(): Promise<void>;
}

/** The header a caller sends with the secret of `endpoints.json`. */
export function controlAuthorization(secret: string): Record<string, string> {
  return { [CONTROL_SECRET_HEADER]: `Bearer ${secret}` };
}

function presentsSecret(request: IncomingMessage, secret: string): boolean {
  const presented = Buffer.from(request.headers[CONTROL_SECRET_HEADER] ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** `?at=` as an instant; absent: none (the job runs as now). */
function atOf(url: URL): Date | undefined {
  const at = url.searchParams.get('at');
  if (at === null) return undefined;
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) throw new Error(`Not an instant: ${at}`);
  return instant;
}

/** `?address=`, required. */
function addressOf(url: URL): string {
  const address = url.searchParams.get('address')?.trim();
  if (!address || !address.includes('@')) throw new Error('Give the address: ?address=<email>');
  return address;
}

export async function startLocalControlServer(options: {
  port: number;
  runScan: () => Promise<unknown>;
  /** `at`: the instant the job runs as; absent: now. */
  runWeeklySummary?: (at?: Date) => Promise<unknown>;
  /** `POST /alerts/weekly-summary?now`: every summary turned on, at once, as a preview. */
  previewWeeklySummaries?: () => Promise<unknown>;
  /** Posts a recorded SES bounce of the address through the email feedback job. */
  bounceEmail?: (address: string) => Promise<unknown>;
  /** `POST /endpoints/check`: the endpoint check dispatcher now; `?all`: every endpoint. */
  runEndpointChecks?: (all: boolean) => Promise<unknown>;
  /** `POST /integrations/sync`: the integration sync dispatcher now. */
  runIntegrationSyncs?: () => Promise<unknown>;
  /** `POST /domains/check`: the registration check dispatcher now; `?all`: every domain. */
  runRegistrationChecks?: (all: boolean) => Promise<unknown>;
  /** `POST /ct/watch`: the certificate transparency watch now; `?all`: every watched domain. */
  runCtWatch?: (all: boolean) => Promise<unknown>;
}): Promise<LocalControlServer> {
  const secret = randomBytes(32).toString('base64url');
  const server: Server = createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (!presentsSecret(request, secret)) {
      response.setHeader('www-authenticate', 'Bearer');
      reply(401, { error: 'The control secret of .data/endpoints.json is missing or wrong.' });
      return;
    }
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const job =
      url.pathname === '/alerts/scan'
        ? () => options.runScan()
        : url.pathname === '/alerts/weekly-summary' &&
            url.searchParams.has('now') &&
            options.previewWeeklySummaries
          ? () => options.previewWeeklySummaries!()
          : url.pathname === '/alerts/weekly-summary' && options.runWeeklySummary
            ? () => Promise.resolve(url).then((asked) => options.runWeeklySummary!(atOf(asked)))
            : url.pathname === '/email/bounce' && options.bounceEmail
              ? () => options.bounceEmail!(addressOf(url))
              : url.pathname === '/endpoints/check' && options.runEndpointChecks
                ? () => options.runEndpointChecks!(url.searchParams.has('all'))
                : url.pathname === '/integrations/sync' && options.runIntegrationSyncs
                  ? () => options.runIntegrationSyncs!()
                  : url.pathname === '/domains/check' && options.runRegistrationChecks
                    ? () => options.runRegistrationChecks!(url.searchParams.has('all'))
                    : url.pathname === '/ct/watch' && options.runCtWatch
                      ? () => options.runCtWatch!(url.searchParams.has('all'))
                      : undefined;
    if (request.method !== 'POST' || !job) {
      reply(404, { error: 'Not found' });
      return;
    }
    Promise.resolve()
      .then(job)
      .then(
        (result) => reply(200, result),
        (error: unknown) => reply(500, { error: errorMessage(error) }),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secret,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
