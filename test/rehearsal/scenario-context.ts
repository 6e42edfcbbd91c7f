/**
 * What a scenario of the rehearsal works with: requests to a route's deployed function (by route
 * id, through the route key of the template), invocations of the job functions, and the emulated
 * deployment's table, queues and mailbox to seed data and read what the functions left there.
 */
import type { RouteId } from '@expiry-radar/shared/api/route-table';
import type { ApiAnswer, ApiRequest } from './api-gateway-request';
import type { InvocationOptions, InvocationResult } from './lambda-process';
import type { SlackStandIn } from '@expiry-radar/functions/local/emulators/slack-stand-in';
import type { DiscoveryStandIns } from './emulated-deployment';
import type { StripeStandIn } from './stripe-stand-in';

/**
 * Why an event is sent: the route's or job's happy path, a refusal it must answer as one, the
 * happy path of a route that needs a service outside the rehearsal (a webhook receiver, IANA),
 * answered as without it, or a set-up step of another scenario.
 */
export type EventPurpose = 'happy' | 'refusal' | 'external' | 'setup';

export interface SentEmail {
  readonly destination: { readonly to: readonly string[] };
  readonly subject: string;
  readonly body: { readonly html?: string; readonly text?: string };
}

export interface ScenarioContext {
  /**
   * Invokes the function of `routeId` with the request; the scenario fails (function, purpose,
   * status and body named) unless the status is `expectedStatus`.
   */
  call(
    routeId: RouteId,
    purpose: EventPurpose,
    request: ApiRequest,
    expectedStatus: number,
    options?: InvocationOptions,
  ): Promise<ApiAnswer>;
  /** Invokes a job's function (by the construct id of its job, e.g. `ExpiryScan`). */
  invokeJob(job: string, purpose: EventPurpose, event: unknown): Promise<InvocationResult>;
  /** Records a failure of the scenario against the function of `routeIdOrJob`. */
  fail(routeIdOrJob: string, message: string): void;
  /** Every email the functions sent to `address` (the SES emulator's store). */
  emailsTo(address: string): Promise<SentEmail[]>;
  readonly deployment: {
    readonly tableName: string;
    /**
     * The generated value of the alert link key secret (the functions read it by the ARN in
     * ALERT_LINK_KEY_SECRET_ARN), to sign an unsubscribe link the deployment verifies.
     */
    readonly alertLinkKey: string;
    readonly alertQueueUrl: string;
    readonly alertQueueArn: string;
    readonly endpointCheckQueueUrl: string;
    readonly endpointCheckQueueArn: string;
    readonly integrationSyncQueueUrl: string;
    readonly integrationSyncQueueArn: string;
    readonly registrationCheckQueueUrl: string;
    readonly registrationCheckQueueArn: string;
    readonly ctWatchQueueUrl: string;
    readonly ctWatchQueueArn: string;
    readonly deadLetterQueueUrl: string;
    readonly sqsEndpoint: string;
    readonly region: string;
    /** The discovery providers' stand-ins the functions may reach (emulated-deployment.ts). */
    readonly discovery: DiscoveryStandIns;
    /**
     * The OpenID provider stand-in an SSO connection can name as its issuer; Google sign-in's
     * issuer too (GOOGLE_ISSUER).
     */
    readonly oidcProviderIssuer: string;
    /** The stand-ins of Stripe and Slack the synthesis configures (emulated-deployment.ts). */
    readonly stripe: StripeStandIn;
    readonly slack: SlackStandIn;
  };
}
