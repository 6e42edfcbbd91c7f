/**
 * The billing feature's public entry: what the app does on a return from checkout or the billing
 * portal (loaded on its own when such a return happens).
 */
export { handleBillingReturn } from './api/billing-return';
