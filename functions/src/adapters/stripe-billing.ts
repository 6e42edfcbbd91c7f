/**
 * The Stripe adapter (stripe 23): Checkout sessions for a plan, reading one back on the return,
 * billing portal sessions, and webhook signature checks. One client per container (module scope).
 *
 * Secrets as for Google sign-in (google-client-secret.ts): STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET when set (locally, from .env), otherwise the SSM SecureString parameters
 * named by STRIPE_SECRET_KEY_PARAMETER and STRIPE_WEBHOOK_SECRET_PARAMETER, read once per
 * container.
 */
import type Stripe from 'stripe';
import type { BillingPeriod, PaidPlan } from '@expiry-radar/shared/domain/plan-prices';
import { getSsmClient, loadSsm } from '../platform/aws-clients';
import { readStripeBillingConfig, type StripeBillingConfig } from './billing-config';

let stripeSdk: typeof Stripe | undefined;

/**
 * Stripe's SDK (240 KB of JavaScript), required on first use: a billing route's cold start
 * answers a request without a session, or a webhook without a valid signature, without loading
 * it (`npm run bench -- cold-starts`).
 */
function loadStripe(): typeof Stripe {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use (above)
  stripeSdk ??= require('stripe') as typeof Stripe;
  return stripeSdk;
}

const cachedParameters = new Map<string, Promise<string>>();

function readSecretParameter(parameterName: string): Promise<string> {
  let cached = cachedParameters.get(parameterName);
  if (!cached) {
    const { GetParameterCommand } = loadSsm();
    cached = getSsmClient()
      .send(new GetParameterCommand({ Name: parameterName, WithDecryption: true }))
      .then(({ Parameter }) => {
        if (!Parameter?.Value) throw new Error(`SSM parameter ${parameterName} has no value`);
        return Parameter.Value;
      });
    cachedParameters.set(parameterName, cached);
    cached.catch(() => cachedParameters.delete(parameterName));
  }
  return cached;
}

function secretOf(value: string | undefined, parameter: string | undefined, what: string) {
  if (value) return Promise.resolve(value);
  if (!parameter) return Promise.reject(new Error(`${what} is not configured`));
  return readSecretParameter(parameter);
}

export function getStripeSecretKey(config: StripeBillingConfig): Promise<string> {
  return secretOf(config.secretKey, config.secretKeyParameter, 'The Stripe secret key');
}

export function getStripeWebhookSecret(config: StripeBillingConfig): Promise<string> {
  return secretOf(
    config.webhookSecret,
    config.webhookSecretParameter,
    'The Stripe webhook signing secret',
  );
}

let cachedClient: { key: string; apiUrl: string; client: Stripe } | undefined;

/** The Stripe client, created once per container (again only if the key or endpoint changes). */
export async function getStripeClient(
  config: StripeBillingConfig = readStripeBillingConfig(),
): Promise<Stripe> {
  const key = await getStripeSecretKey(config);
  const apiUrl = config.apiUrl?.href ?? '';
  if (cachedClient?.key === key && cachedClient.apiUrl === apiUrl) return cachedClient.client;
  const endpoint = config.apiUrl
    ? {
        host: config.apiUrl.hostname,
        port: Number(config.apiUrl.port || (config.apiUrl.protocol === 'https:' ? 443 : 80)),
        protocol: config.apiUrl.protocol.replace(':', '') as 'http' | 'https',
      }
    : {};
  const StripeClient = loadStripe();
  const client = new StripeClient(key, {
    ...endpoint,
    // The function gives up after 10 s: one retry (same idempotency key) fits within it.
    timeout: 4_000,
    maxNetworkRetries: 1,
    appInfo: { name: 'Expiry Radar' },
  });
  cachedClient = { key, apiUrl, client };
  return client;
}

/** Metadata on Checkout sessions and subscriptions: who pays, for which plan and period. */
export interface BillingMetadata {
  readonly userId: string;
  readonly plan: PaidPlan;
  readonly period: BillingPeriod;
}

export async function createCheckoutSession(options: {
  config: StripeBillingConfig;
  priceId: string;
  metadata: BillingMetadata;
  customerId: string | null;
  email: string;
  appOrigin: string;
}): Promise<{ id: string; url: string }> {
  const stripe = await getStripeClient(options.config);
  const { userId, plan, period } = options.metadata;
  const metadata = { userId, plan, period };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: options.priceId, quantity: 1 }],
    client_reference_id: options.metadata.userId,
    ...(options.customerId ? { customer: options.customerId } : { customer_email: options.email }),
    metadata,
    subscription_data: { metadata },
    success_url: `${options.appOrigin}/billing?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${options.appOrigin}/billing?billing=cancel`,
  });
  if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
  return { id: session.id, url: session.url };
}

export async function retrieveCheckoutSession(
  config: StripeBillingConfig,
  sessionId: string,
): Promise<Stripe.Checkout.Session> {
  const stripe = await getStripeClient(config);
  return stripe.checkout.sessions.retrieve(sessionId);
}

export async function createPortalSession(options: {
  config: StripeBillingConfig;
  customerId: string;
  appOrigin: string;
}): Promise<string> {
  const stripe = await getStripeClient(options.config);
  const session = await stripe.billingPortal.sessions.create({
    customer: options.customerId,
    return_url: `${options.appOrigin}/billing?portal=return`,
  });
  return session.url;
}

/**
 * The event a webhook request carries, after checking its Stripe-Signature header against the
 * raw body (and the default five-minute tolerance). Throws Stripe's signature error otherwise.
 */
export async function verifyWebhookEvent(options: {
  config: StripeBillingConfig;
  rawBody: string;
  signature: string;
}): Promise<Stripe.Event> {
  const secret = await getStripeWebhookSecret(options.config);
  // Verifying needs no API key; a client without one would do, but the static helper is shared.
  return loadStripe().webhooks.constructEvent(options.rawBody, options.signature, secret);
}

/** Whether an error is one Stripe answered about the request (bad id, unknown customer...). */
export function isStripeRequestError(error: unknown): error is Stripe.errors.StripeError {
  // Before Stripe's SDK is loaded, no error can be one of its.
  return (
    stripeSdk !== undefined &&
    (error instanceof stripeSdk.errors.StripeInvalidRequestError ||
      error instanceof stripeSdk.errors.StripeCardError)
  );
}

export function isStripeSignatureError(error: unknown): boolean {
  return (
    stripeSdk !== undefined && error instanceof stripeSdk.errors.StripeSignatureVerificationError
  );
}

/** The id of an expandable Stripe field (an id string, an object with an id, or nothing). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
