/**
 * One codec per entity of the single table: `entities/<entity>.ts` holds everything about how
 * that entity is stored, and nothing else does.
 *
 * - `<entity>ItemSchema`: the zod schema of the stored item, every attribute it carries (keys
 *   and index keys included).
 * - the record type: the entity as the rest of the code uses it (a domain type, or the domain
 *   type plus what the item stores beside it, e.g. a token's alert schedule).
 * - `<entity>Codec`, an `EntityCodec`: `keyOf(record)` (built with data/keys.ts, the only place
 *   keys are built), `toItem(record)` (the whole item a Put writes) and `fromItem(item)`, which
 *   parses with the schema.
 *
 * Reading a field the code cannot do without (an id, a date, a threshold) is strict: an item
 * without it, or with a value of another type, is a MalformedItemError naming the entity, the
 * key and the field, never a made-up value. A field that has a meaningful default says so in
 * its schema: `.default(x)` when a missing attribute means x (e.g. a counter not counted yet),
 * `.catch(x)` when any value this version does not know means x (e.g. an unknown status).
 *
 * Record modules (data/*.ts) build items and read them only through codecs, so `String(item.x)`
 * and `Number(item.x)` appear nowhere else; update and condition expressions name the schema's
 * attributes. API response shapes are built from records in services/ or handlers, never in
 * data/. Test fixtures write items with `toItem` too.
 */
import * as z from 'zod';
import type { TableItem, TableKey } from '../table-operations';

export interface EntityCodec<Entity, Item extends TableItem> {
  /** Names the entity in errors. */
  readonly entity: string;
  /** The stored item; `fromItem` parses with it. */
  readonly itemSchema: z.ZodType<Item>;
  keyOf(record: Entity): TableKey;
  toItem(record: Entity): Item;
  /** Throws MalformedItemError when the item does not match `itemSchema`. */
  fromItem(item: TableItem): Entity;
}

/** A stored item that does not match its entity's schema (data written by mistake or by hand). */
export class MalformedItemError extends Error {
  constructor(
    readonly entity: string,
    readonly key: string,
    detail: string,
  ) {
    super(`Malformed ${entity} item ${key}: ${detail}`);
    this.name = 'MalformedItemError';
  }
}

function describeKey(item: TableItem): string {
  const part = (value: unknown) => (typeof value === 'string' ? value : '?');
  return `${part(item.pk)} ${part(item.sk)}`;
}

/** The item parsed with `schema`, or a MalformedItemError listing each field that failed. */
export function parseItem<Schema extends z.ZodType>(
  entity: string,
  schema: Schema,
  item: TableItem,
): z.output<Schema> {
  const result = schema.safeParse(item);
  if (result.success) return result.data;
  const detail = result.error.issues
    .map((issue) => `${issue.path.map(String).join('.') || '(item)'}: ${issue.message}`)
    .join('; ');
  throw new MalformedItemError(entity, describeKey(item), detail);
}

/** A part of the item's key (data/keys.ts `keyParts`) that must be there. */
export function requireKeyPart(
  entity: string,
  item: TableItem,
  part: string | undefined,
  what: string,
): string {
  if (part === undefined) {
    throw new MalformedItemError(entity, describeKey(item), `the key holds no ${what}`);
  }
  return part;
}

const tableKeySchema = z.object({ pk: z.string(), sk: z.string() });

/** The table key of any item (read with at least `pk, sk`). */
export function tableKeyOf(item: TableItem): TableKey {
  return parseItem('ITEM', tableKeySchema, item);
}
