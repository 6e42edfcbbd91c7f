/**
 * A token's schedule item on a due index (endpoint checks, registration checks) follows the
 * token's writes: its write (a put, a delete or nothing) goes into the token write's transaction,
 * or on its own after a write whose transaction has no room left.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import type { TransactItem } from './token-records';

/** The schedule's write as a list to append to the token write's transaction. */
export function scheduleWritesOf(write: TransactItem | undefined): TransactItem[] {
  return write ? [write] : [];
}

/** Sends the schedule's write on its own. */
export async function sendScheduleWrite(write: TransactItem | undefined): Promise<void> {
  const client = getDocumentClient();
  if (write?.Put) await client.send(new PutCommand(write.Put));
  if (write?.Delete) await client.send(new DeleteCommand(write.Delete));
}
