/**
 * The one-off repair of text stored before the text rules (shared/src/domain/text-rules.ts): every
 * item of the table is read (a Scan, for this repair only) and every string in it that holds a
 * lone UTF-16 surrogate or a control character is cleaned: a lone surrogate becomes U+FFFD, a
 * control character other than tab, line feed and carriage return is removed. A dry run (the
 * default) only lists what it would change; `apply` writes each cleaned item back, unless it
 * changed meanwhile. Keys are never rewritten: an item whose key holds such text is listed to be
 * removed by hand.
 */
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { hasLoneSurrogate } from '@expiry-radar/shared/domain/text-rules';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';

export interface TextRepair {
  readonly pk: string;
  readonly sk: string;
  /** The attributes (dotted paths) whose text is cleaned. */
  readonly fields: readonly string[];
  /** `written`, `would write` (dry run), `changed meanwhile`, or `key holds broken text`. */
  readonly outcome: 'written' | 'would write' | 'changed meanwhile' | 'key holds broken text';
}

const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function cleanText(text: string): string {
  return text.replace(LONE_SURROGATES, '\ufffd').replace(CONTROL_CHARACTERS, '');
}

const needsCleaning = (text: string) => cleanText(text) !== text;

/** The value with its strings cleaned, and the paths of those that changed. */
export function cleanValue(value: unknown, path = ''): { value: unknown; fields: string[] } {
  if (typeof value === 'string') {
    const cleaned = cleanText(value);
    return { value: cleaned, fields: cleaned === value ? [] : [path] };
  }
  if (value instanceof Set) {
    const results = [...(value as Set<unknown>)].map((item) => cleanValue(item, path));
    return {
      value: new Set(results.map((result) => result.value)),
      fields: [...new Set(results.flatMap((result) => result.fields))],
    };
  }
  if (Array.isArray(value)) {
    const results = value.map((item, index) => cleanValue(item, `${path}.${index}`));
    return {
      value: results.map((result) => result.value),
      fields: results.flatMap((r) => r.fields),
    };
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
    const fields: string[] = [];
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
      const result = cleanValue(item, path ? `${path}.${key}` : key);
      fields.push(...result.fields);
      return [key, result.value] as const;
    });
    return { value: Object.fromEntries(entries), fields };
  }
  return { value, fields: [] };
}

export async function repairStoredText(options: {
  readonly apply: boolean;
  /** Only the items whose partition key starts so (`WS#<id>`: one workspace's). */
  readonly pkPrefix?: string;
  readonly onRepair?: (repair: TextRepair) => void;
}): Promise<TextRepair[]> {
  const { tableName } = getConfig();
  const client = getDocumentClient();
  const repairs: TextRepair[] = [];
  const report = (repair: TextRepair) => {
    repairs.push(repair);
    options.onRepair?.(repair);
  };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        ExclusiveStartKey: startKey,
        ...(options.pkPrefix
          ? {
              FilterExpression: 'begins_with(pk, :prefix)',
              ExpressionAttributeValues: { ':prefix': options.pkPrefix },
            }
          : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      const sk = String(item.sk);
      const { value, fields } = cleanValue(item);
      if (fields.length === 0) continue;
      if (needsCleaning(pk) || needsCleaning(sk) || hasLoneSurrogate(pk + sk)) {
        report({ pk, sk, fields, outcome: 'key holds broken text' });
        continue;
      }
      if (!options.apply) {
        report({ pk, sk, fields, outcome: 'would write' });
        continue;
      }
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: value as Record<string, unknown>,
            // Written only over the item as read: a change meanwhile is left to a second run.
            ConditionExpression: fields
              .map((_field, index) => `#f${index} = :v${index}`)
              .join(' AND '),
            ExpressionAttributeNames: Object.fromEntries(
              fields.map((field, index) => [`#f${index}`, field.split('.')[0]!]),
            ),
            ExpressionAttributeValues: Object.fromEntries(
              fields.map((field, index) => [`:v${index}`, item[field.split('.')[0]!]]),
            ),
          }),
        );
        report({ pk, sk, fields, outcome: 'written' });
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        report({ pk, sk, fields, outcome: 'changed meanwhile' });
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return repairs;
}
