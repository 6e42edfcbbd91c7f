/**
 * Reads for the jobs that work for many workspaces at once (platform/workspace-failures.ts): an
 * item that cannot be read (DynamoDB refuses it, e.g. a lone surrogate stored before the text
 * rules) or that its codec refuses is reported with its workspace and left out. The reads keep
 * why, per key and per workspace, so a job can tell "could not be read" (keep its work due and
 * try again) from "not there" (nothing to do).
 */
import {
  reportWorkspaceFailure,
  workspaceOfKey,
  type WorkspaceJob,
} from '../platform/workspace-failures';
import { batchGetReadable, keyOf, type TableItem, type TableKey } from './table-operations';
import { errorMessage } from '../platform/error-message';

const keyText = (key: TableKey) => `${key.pk}|${key.sk}`;

export class WorkspaceIsolatedReads {
  private readonly keyFailures = new Map<string, string>();
  private readonly workspaceFailures = new Map<string, string>();

  constructor(private readonly job: WorkspaceJob) {}

  /** The items of these keys that could be read (`batchGetReadable`). */
  batchGet(
    itemKeys: readonly TableKey[],
    options: { consistentRead?: boolean } = {},
  ): Promise<TableItem[]> {
    return batchGetReadable(itemKeys, (key, error) => this.failKey(key, error), options);
  }

  /**
   * `batchGet` answered as a lookup by key (a key asked for twice is read once: BatchGetItem
   * refuses a request that names a key twice).
   */
  async readByKey(
    itemKeys: readonly TableKey[],
    options: { consistentRead?: boolean } = {},
  ): Promise<(key: TableKey) => TableItem | undefined> {
    const unique = new Map(itemKeys.map((key) => [keyText(key), key]));
    const items = await this.batchGet([...unique.values()], options);
    const byKey = new Map(items.map((item) => [keyText(keyOf(item)), item]));
    return (key) => byKey.get(keyText(key));
  }

  /** The item decoded, or undefined (reported for its workspace) when the codec refuses it. */
  decode<Decoded>(item: TableItem, decode: (item: TableItem) => Decoded): Decoded | undefined {
    try {
      return decode(item);
    } catch (error) {
      this.failKey(keyOf(item), error);
      return undefined;
    }
  }

  /** Reports a failure of a workspace beyond one keyed item (e.g. its settings or owner). */
  failWorkspace(workspaceId: string, error: unknown): void {
    if (!this.workspaceFailures.has(workspaceId)) {
      this.workspaceFailures.set(workspaceId, errorMessage(error));
    }
    reportWorkspaceFailure(this.job, workspaceId, error);
  }

  /** Why the item of this key could not be read or decoded; undefined when it could. */
  failureAt(key: TableKey): string | undefined {
    return this.keyFailures.get(keyText(key));
  }

  /** Per id, why the item of its key could not be read or decoded (ids that could are absent). */
  failuresAt(keysById: ReadonlyMap<string, TableKey>): Map<string, string> {
    const failures = new Map<string, string>();
    for (const [id, key] of keysById) {
      const failure = this.failureAt(key);
      if (failure !== undefined) failures.set(id, failure);
    }
    return failures;
  }

  /** Why the workspace failed (`failWorkspace`); undefined when it did not. */
  failureOf(workspaceId: string): string | undefined {
    return this.workspaceFailures.get(workspaceId);
  }

  private failKey(key: TableKey, error: unknown): void {
    this.keyFailures.set(keyText(key), errorMessage(error));
    reportWorkspaceFailure(this.job, workspaceOfKey(key), error);
  }
}
