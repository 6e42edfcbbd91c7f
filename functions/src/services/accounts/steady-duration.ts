/**
 * Answers that must not tell, by how long they take, whether an address has an account: the work
 * runs, then the answer waits until a fixed duration has passed since it started, so a request
 * for an existing account (which looks it up, creates a link and sends an email) and one for an
 * unknown address take the same time.
 */
export async function withSteadyDuration<T>(minimumMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const left = minimumMs - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return result;
}
