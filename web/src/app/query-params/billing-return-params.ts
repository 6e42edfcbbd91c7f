/** Query parameters of a return from checkout or the billing portal. */
export const BILLING_RETURN_PARAMS = ['billing', 'session_id', 'redirect_status', 'portal'];

export function hasBillingReturnParam(search: URLSearchParams): boolean {
  return BILLING_RETURN_PARAMS.some((name) => search.has(name));
}

export function withoutBillingReturnParams(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of BILLING_RETURN_PARAMS) next.delete(name);
  return next;
}

/** The billing return parameters alone, to handle one return once. */
export function billingReturnKey(search: URLSearchParams): string {
  return BILLING_RETURN_PARAMS.map((name) => `${name}=${search.get(name) ?? ''}`).join('&');
}
