/** Plan and billing: this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import { updateWeeklySummaryBody, weeklySummaryResponse } from '../weekly-summary-api-schemas';
import {
  billingPortalResponse,
  confirmBillingBody,
  organizationUsageResponse,
  planPricesResponse,
  planResponse,
  stripeWebhookResponse,
  upgradePlanBody,
  upgradePlanResponse,
} from '../billing-api-schemas';

export const billingRoutes = {
  getPlan: {
    id: 'getPlan',
    method: 'GET',
    path: '/api/account/plan',
    auth: 'session',
    summary: "The user's plan.",
    response: planResponse,
  },
  getWeeklySummary: {
    id: 'getWeeklySummary',
    method: 'GET',
    path: '/api/account/weekly-summary',
    auth: 'session',
    summary: "The caller's weekly summary email: on or off, its time zone, when it goes out next.",
    response: weeklySummaryResponse,
  },
  updateWeeklySummary: {
    id: 'updateWeeklySummary',
    method: 'PUT',
    path: '/api/account/weekly-summary',
    auth: 'session',
    summary:
      'Turns the weekly summary email on (Monday 08:00 in the given time zone) or off for the caller.',
    request: { body: updateWeeklySummaryBody },
    response: weeklySummaryResponse,
  },
  getPlanPrices: {
    id: 'getPlanPrices',
    method: 'GET',
    path: '/api/plan-prices',
    auth: 'public',
    summary: "Each plan's price per billing period (monthly, yearly), as the deployment sets them.",
    response: planPricesResponse,
  },
  upgradePlan: {
    id: 'upgradePlan',
    method: 'POST',
    path: '/api/account/upgrade',
    auth: 'verifiedSession',
    summary:
      'Starts a Stripe checkout for a plan and billing period, or switches the plan directly in local billing mode.',
    request: { body: upgradePlanBody },
    response: upgradePlanResponse,
  },
  confirmBilling: {
    id: 'confirmBilling',
    method: 'POST',
    path: '/api/billing/confirm',
    auth: 'session',
    summary: 'Confirms a checkout session on return from the payment provider.',
    request: { body: confirmBillingBody },
    response: planResponse,
  },
  openBillingPortal: {
    id: 'openBillingPortal',
    method: 'POST',
    path: '/api/billing/portal',
    auth: 'verifiedSession',
    summary: 'A billing portal session URL; the portal returns to /billing?portal=return.',
    response: billingPortalResponse,
  },
  stripeWebhook: {
    id: 'stripeWebhook',
    method: 'POST',
    path: '/api/billing/webhook',
    auth: 'public',
    summary: 'Stripe events (raw body, Stripe-Signature checked, no CSRF, idempotent by event id).',
    response: stripeWebhookResponse,
  },
  getOrganizationUsage: {
    id: 'getOrganizationUsage',
    method: 'GET',
    path: '/api/organization/usage',
    auth: 'verifiedSession',
    summary: "Usage against the plan's limits, per owned workspace.",
    response: organizationUsageResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
