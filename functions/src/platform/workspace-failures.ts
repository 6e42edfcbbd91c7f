/**
 * The jobs that work for every workspace at once (the expiry scan, the digests, the weekly summary,
 * the endpoint and integration dispatchers) confine a failure to the workspace it belongs to: it is
 * logged with that workspace and counted as WorkspaceJobFailures (per job), the job goes on with
 * every other workspace, and what failed stays due, so the next run tries it again.
 */
import { logger } from './logger';
import { countWithDimension, METRIC_NAMES } from './metrics';

export type WorkspaceJob =
  | 'expiry-scan'
  | 'alert-digest'
  | 'weekly-summary'
  | 'endpoint-dispatch'
  | 'integration-dispatch'
  | 'registration-dispatch'
  | 'ct-watch';

export function reportWorkspaceFailure(
  job: WorkspaceJob,
  workspaceId: string | null,
  error: unknown,
): void {
  logger.error('A workspace failed in a job for every workspace; the others went on', {
    job,
    workspaceId,
    error,
  });
  countWithDimension(METRIC_NAMES.workspaceJobFailures, 'job', job);
}

/** The workspace of a table key (`WS#<id>`, `WS#<id>#…`), when it has one. */
export function workspaceOfKey(key: { readonly pk: string }): string | null {
  const match = /^WS#([^#]+)/.exec(key.pk);
  return match ? match[1]! : null;
}

/** `batchGetReadable`'s report of an item that cannot be read, for a job. */
export function unreadableItemReporter(job: WorkspaceJob) {
  return (key: { readonly pk: string }, error: unknown): void =>
    reportWorkspaceFailure(job, workspaceOfKey(key), error);
}
