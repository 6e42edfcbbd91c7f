/**
 * The alert email opt-out entity (ACCESS_PATTERNS.md row 46; codec pattern: entity-codec.ts): an
 * address that stopped a workspace's alert emails with the one-click link of one,
 * `pk=WS#<workspaceId>`, `sk=EMAIL_OPT_OUT#<lower-cased address>`. Its presence is the opt-out;
 * resuming the emails deletes it. Deleted with the workspace's other items.
 *
 * Reading: every attribute is required.
 */
import * as z from 'zod';
import { keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface AlertEmailOptOut {
  readonly workspaceId: string;
  /** Lower case. */
  readonly address: string;
  /** ISO instant. */
  readonly createdAt: string;
}

export const alertEmailOptOutItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('ALERT_EMAIL_OPT_OUT'),
  workspaceId: z.string(),
  address: z.string(),
  createdAt: z.string(),
});

export type AlertEmailOptOutItem = z.output<typeof alertEmailOptOutItemSchema>;

export const alertEmailOptOutCodec = {
  entity: 'ALERT_EMAIL_OPT_OUT',
  itemSchema: alertEmailOptOutItemSchema,

  keyOf: ({ workspaceId, address }) => keys.alertEmailOptOut(workspaceId, address),

  toItem: ({ workspaceId, address, createdAt }) => ({
    ...keys.alertEmailOptOut(workspaceId, address),
    entity: 'ALERT_EMAIL_OPT_OUT',
    workspaceId,
    address: address.toLowerCase(),
    createdAt,
  }),

  fromItem(item) {
    const { workspaceId, address, createdAt } = parseItem(
      'ALERT_EMAIL_OPT_OUT',
      alertEmailOptOutItemSchema,
      item,
    );
    return { workspaceId, address, createdAt };
  },
} satisfies EntityCodec<AlertEmailOptOut, AlertEmailOptOutItem>;
