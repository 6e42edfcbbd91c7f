/**
 * Stripe bookkeeping in the table (ACCESS_PATTERNS.md rows 18 and 38): processed webhook event
 * ids (idempotency) and which user a Stripe customer belongs to.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { stripeCustomerCodec } from './entities/stripe-customer';
import { stripeEventCodec } from './entities/stripe-event';
import { keys } from './keys';
import { conditionalWrite } from './table-operations';

/**
 * Claims a Stripe event id: true the first time, false when it was claimed before (a replay or a
 * retry of an event already handled). One conditional PutItem.
 */
export async function claimStripeEvent(options: {
  eventId: string;
  type: string;
  now: Date;
}): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: stripeEventCodec.toItem({
          eventId: options.eventId,
          type: options.type,
          processedAt: options.now.toISOString(),
        }),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** Gives a claimed event id back when handling it failed, so Stripe's retry handles it again. */
export async function releaseStripeEvent(eventId: string): Promise<void> {
  await getDocumentClient().send(
    new DeleteCommand({ TableName: getConfig().tableName, Key: keys.stripeEvent(eventId) }),
  );
}

/** Remembers that a Stripe customer is this user's (idempotent). */
export async function linkStripeCustomer(options: {
  customerId: string;
  userId: string;
  now: Date;
}): Promise<void> {
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: stripeCustomerCodec.toItem({
        customerId: options.customerId,
        userId: options.userId,
        createdAt: options.now.toISOString(),
      }),
    }),
  );
}

export async function findUserIdByStripeCustomer(customerId: string): Promise<string | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.stripeCustomer(customerId) }),
  );
  return Item ? stripeCustomerCodec.fromItem(Item).userId : undefined;
}
