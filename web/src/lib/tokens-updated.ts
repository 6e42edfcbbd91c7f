/**
 * The tokens-updated event: raised on `window` after anything changes a workspace's
 * tokens (create, edit, renew, delete, transfer), so every token list on the page reloads.
 */
export const TOKENS_UPDATED_EVENT = 'tokens-updated';

export interface TokensUpdatedDetail {
  /** The workspace whose tokens changed, when known. */
  readonly workspaceId?: string;
}

export function dispatchTokensUpdated(detail: TokensUpdatedDetail = {}): void {
  window.dispatchEvent(new CustomEvent<TokensUpdatedDetail>(TOKENS_UPDATED_EVENT, { detail }));
}

/** Calls `listener` on every tokens-updated event; returns the unsubscribe function. */
export function onTokensUpdated(listener: (detail: TokensUpdatedDetail) => void): () => void {
  const handle = (event: Event) =>
    listener((event as CustomEvent<TokensUpdatedDetail | null>).detail ?? {});
  window.addEventListener(TOKENS_UPDATED_EVENT, handle);
  return () => window.removeEventListener(TOKENS_UPDATED_EVENT, handle);
}
