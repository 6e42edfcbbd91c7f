/**
 * What DynamoDB read and wrote for the calls of a benchmark, counted around the one document
 * client's `send`: requests, items, and the read and write capacity units DynamoDB reports when a
 * call asks for them (ReturnConsumedCapacity TOTAL, set here on every metered call).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient, ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';

export interface DynamoDbUsage {
  requests: number;
  /** GetItem, BatchGetItem and Query requests. */
  readRequests: number;
  readUnits: number;
  writeUnits: number;
  itemsRead: number;
  itemsWritten: number;
  transactions: number;
  /** Whether DynamoDB reported any capacity (DynamoDB Local does, for every call asking). */
  capacityReported: boolean;
}

export const noDynamoDbUsage = (): DynamoDbUsage => ({
  requests: 0,
  readRequests: 0,
  readUnits: 0,
  writeUnits: 0,
  itemsRead: 0,
  itemsWritten: 0,
  transactions: 0,
  capacityReported: false,
});

type Capacity = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

interface MeteredCommand {
  input?: Record<string, unknown>;
  constructor: { name: string };
}

interface BatchGetInput {
  readonly RequestItems?: Record<string, { Keys?: unknown[]; ConsistentRead?: boolean }>;
}
interface BatchGetOutput {
  readonly Responses?: Record<string, unknown[]>;
  readonly UnprocessedKeys?: Record<string, { Keys?: unknown[] }>;
}

/**
 * The read units DynamoDB charges for the keys of a BatchGetItem that found no item, which
 * DynamoDB Local leaves out of the units it reports: each costs the least read of its kind, half
 * a unit eventually consistent and one consistent (as a GetItem of a missing key, which DynamoDB
 * Local does count). 0 for any other command.
 */
export function missingBatchKeyUnits(
  command: { input?: unknown; constructor: { name: string } },
  output: unknown,
): number {
  if (command.constructor.name !== 'BatchGetCommand') return 0;
  const { RequestItems = {} } = (command.input ?? {}) as BatchGetInput;
  const { Responses = {}, UnprocessedKeys = {} } = output as BatchGetOutput;
  let units = 0;
  for (const [table, { Keys = [], ConsistentRead }] of Object.entries(RequestItems)) {
    const answered = Keys.length - (UnprocessedKeys[table]?.Keys?.length ?? 0);
    const missing = answered - (Responses[table]?.length ?? 0);
    units += Math.max(0, missing) * (ConsistentRead ? 1 : 0.5);
  }
  return units;
}

/** Adds one call's requests, items and capacity to `usage`. */
export function countDynamoDbCall(
  usage: DynamoDbUsage,
  command: MeteredCommand,
  output: ServiceOutputTypes,
): void {
  const name = command.constructor.name;
  const transactItems = command.input?.TransactItems;
  if (Array.isArray(transactItems)) usage.itemsWritten += transactItems.length;
  else if (/^(Put|Update|Delete)Command$/.test(name)) usage.itemsWritten += 1;
  usage.requests += 1;
  if (/^(Get|BatchGet|Query)Command$/.test(name)) usage.readRequests += 1;
  const result = output as {
    Count?: number;
    Item?: unknown;
    Responses?: Record<string, unknown[]>;
    ConsumedCapacity?: Capacity | Capacity[];
  };
  if (typeof result.Count === 'number') usage.itemsRead += result.Count;
  else if (result.Responses) {
    usage.itemsRead += Object.values(result.Responses).reduce(
      (sum, items) => sum + items.length,
      0,
    );
  } else if (result.Item) usage.itemsRead += 1;
  if (name === 'TransactWriteCommand') usage.transactions += 1;
  const writes = /Put|Update|Delete|Write/.test(name);
  for (const capacity of [result.ConsumedCapacity ?? []].flat()) {
    const units = capacity.CapacityUnits;
    if (typeof units !== 'number') continue;
    usage.capacityReported = true;
    if (writes) usage.writeUnits += capacity.WriteCapacityUnits ?? units;
    else usage.readUnits += capacity.ReadCapacityUnits ?? units;
  }
  if (usage.capacityReported) usage.readUnits += missingBatchKeyUnits(command, output);
}

/**
 * Counts what `client` sends while a meter is running: `metered(call)` runs `call` with a fresh
 * meter and answers its result with the usage of every DynamoDB call made meanwhile.
 */
export function meterDynamoDb(client: DynamoDBDocumentClient) {
  const send = client.send.bind(client) as (command: unknown) => Promise<ServiceOutputTypes>;
  let meter: DynamoDbUsage | undefined;
  Object.assign(client, {
    send: async (command: MeteredCommand) => {
      const running = meter;
      if (running && command.input) command.input.ReturnConsumedCapacity = 'TOTAL';
      const output = await send(command);
      if (running) countDynamoDbCall(running, command, output);
      return output;
    },
  });
  const metered = async <T>(
    call: () => Promise<T>,
  ): Promise<{ result: T; usage: DynamoDbUsage }> => {
    const usage = noDynamoDbUsage();
    meter = usage;
    try {
      return { result: await call(), usage };
    } finally {
      meter = undefined;
    }
  };
  return { metered };
}

/**
 * Counts what `client` sends from within `meteredWithin(usage, call)` only, while other work
 * (the scan, the requeues, the queue's pollers) runs beside it: each call adds to the usage of
 * the asynchronous context it was made in. For the alert worker's invocations, which run several
 * at once.
 */
export function meterDynamoDbWithin(client: DynamoDBDocumentClient) {
  const send = client.send.bind(client) as (command: unknown) => Promise<ServiceOutputTypes>;
  const meters = new AsyncLocalStorage<DynamoDbUsage>();
  Object.assign(client, {
    send: async (command: MeteredCommand) => {
      const running = meters.getStore();
      if (running && command.input) command.input.ReturnConsumedCapacity = 'TOTAL';
      const output = await send(command);
      if (running) countDynamoDbCall(running, command, output);
      return output;
    },
  });
  return {
    meteredWithin: <T>(usage: DynamoDbUsage, call: () => Promise<T>): Promise<T> =>
      meters.run(usage, call),
  };
}
