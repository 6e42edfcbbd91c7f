/**
 * What the HTTP pipeline learnt about who is asking that code far from the handler needs without
 * being handed it: the API key a request authenticated with, which every audit event written
 * while serving it names. One scope per invocation (`runInRequestScope`); outside one (jobs,
 * tests of data functions) there is none.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestApiKey {
  readonly id: string;
  readonly name: string;
}

interface RequestScope {
  apiKey: RequestApiKey | undefined;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(run: () => Promise<T>): Promise<T> {
  return storage.run({ apiKey: undefined }, run);
}

/** Records the key the request authenticated with (the pipeline's session middleware). */
export function setRequestApiKey(apiKey: RequestApiKey): void {
  const scope = storage.getStore();
  if (scope) scope.apiKey = apiKey;
}

/** The key the current request authenticated with, if any. */
export function requestApiKey(): RequestApiKey | undefined {
  return storage.getStore()?.apiKey;
}
