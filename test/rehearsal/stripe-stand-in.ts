/**
 * Stripe, standing in for api.stripe.com in the deployment rehearsal, on 127.0.0.1: the endpoints
 * the billing functions call, as Stripe documents them (form-encoded requests, the secret key as
 * a bearer token, JSON answers, errors as `{ error: { type, message } }`):
 *
 * - `POST /v1/checkout/sessions`: an open subscription session with the request's reference,
 *   metadata and a `url`; `GET /v1/checkout/sessions/<id>`: the session, or 404
 *   `resource_missing`.
 * - `POST /v1/billing_portal/sessions` (`customer`, `return_url`): a portal session with a `url`,
 *   for a customer a completed Checkout made; 404 `resource_missing` for any other.
 *
 * What a scenario drives: `pay(sessionId)`, the person paying on Checkout's page (the session is
 * complete and paid, with a new customer and subscription), and `signedWebhook(event)`, an event
 * as Stripe posts it to the webhook endpoint, signed with the webhook signing secret (the
 * `Stripe-Signature` header: `t=<seconds>,v1=<HMAC-SHA256 of "<t>.<body>">`).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import {
  closeServer,
  jsonAnswer,
  listenOnLoopback,
  readBodyText,
} from '@expiry-radar/functions/local/emulators/stand-in-http';

export interface StripeStandIn {
  /** `http://127.0.0.1:<port>` (STRIPE_API_URL). */
  readonly url: string;
  /** The secret key it accepts (the SecureString parameter STRIPE_SECRET_KEY_PARAMETER names). */
  readonly secretKey: string;
  /** The webhook signing secret (STRIPE_WEBHOOK_SECRET_PARAMETER's value). */
  readonly webhookSecret: string;
  /** The person pays on Checkout's page: the session completes; its customer and subscription. */
  pay(sessionId: string): { customer: string; subscription: string };
  /** `event` as Stripe posts it: the JSON body and its `Stripe-Signature` header. */
  signedWebhook(event: Record<string, unknown>): { body: string; signature: string };
  stop(): Promise<void>;
}

const sendJson = jsonAnswer('application/json', { 'request-id': 'req_rehearsal' });

const missing = (what: string, id: string) => ({
  error: {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
  },
});

/** Stripe's nested form fields (`metadata[plan]`) as an object of their own. */
function nested(form: URLSearchParams, name: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) fields[match[1]] = value;
  }
  return fields;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_rehearsal_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_rehearsal_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, Record<string, unknown>>();
  const customers = new Set<string>();
  let url = '';

  const answer = (request: IncomingMessage, form: URLSearchParams): [number, unknown] => {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } }];
    }
    const path = new URL(request.url ?? '/', url).pathname;
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${randomUUID().replace(/-/g, '')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.get('client_reference_id'),
        customer: form.get('customer'),
        customer_email: form.get('customer_email'),
        subscription: null,
        metadata: nested(form, 'metadata'),
        success_url: form.get('success_url'),
        url: `${url}/checkout/${id}`,
      };
      sessions.set(id, session);
      return [200, session];
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && retrieve?.[1]) {
      const id = decodeURIComponent(retrieve[1]);
      const session = sessions.get(id);
      return session ? [200, session] : [404, missing('checkout.session', id)];
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = form.get('customer') ?? '';
      if (!customers.has(customer)) return [404, missing('customer', customer)];
      const id = `bps_${randomUUID().replace(/-/g, '')}`;
      return [200, { id, object: 'billing_portal.session', customer, url: `${url}/portal/${id}` }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized ${path}` } }];
  };

  const server = createServer((request, response) => {
    void readBodyText(request).then((text) => {
      const [status, body] = answer(request, new URLSearchParams(text));
      sendJson(response, status, body);
    });
  });
  url = `http://127.0.0.1:${await listenOnLoopback(server)}`;

  return {
    url,
    secretKey,
    webhookSecret,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No such checkout.session: ${sessionId}`);
      const customer =
        typeof session.customer === 'string' ? session.customer : `cus_${randomUUID().slice(0, 8)}`;
      const subscription = `sub_${randomUUID().slice(0, 8)}`;
      customers.add(customer);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer,
        subscription,
      });
      return { customer, subscription };
    },
    signedWebhook(event) {
      const body = JSON.stringify(event);
      const timestamp = Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', webhookSecret).update(`${timestamp}.${body}`).digest('hex');
      return { body, signature: `t=${timestamp},v1=${v1}` };
    },
    stop: () => closeServer(server),
  };
}
