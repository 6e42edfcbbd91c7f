/**
 * The size DynamoDB counts for an item against its 400 KB limit, from the item as the document
 * client marshals it, by AWS's rules: the UTF-8 length of every attribute name (map keys too) plus
 * its value; strings by their UTF-8 bytes, binaries by their bytes, booleans and null 1 byte,
 * numbers 1 byte per two significant digits plus 1 (rounded up, plus 1 for a minus sign: an upper
 * bound of AWS's approximation), sets the sum of their elements, lists and maps 3 bytes plus 1 per
 * element plus the elements. A write larger than `MAX_ITEM_BYTES` fails with a
 * ValidationException, so writes whose size the user controls are measured before they are sent.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';

export const MAX_ITEM_BYTES = 400 * 1024;

const encoder = new TextEncoder();
const utf8Length = (text: string) => encoder.encode(text).length;

/** Digits without sign, exponent, leading zeros and trailing zeros. */
function significantDigits(number: string): number {
  const mantissa = number.replace(/^[+-]/, '').split(/[eE]/)[0] ?? '';
  const digits = mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.max(1, digits.length);
}

function numberSize(number: string): number {
  return Math.ceil(significantDigits(number) / 2) + 1 + (number.startsWith('-') ? 1 : 0);
}

function valueSize(value: AttributeValue): number {
  if (value.S !== undefined) return utf8Length(value.S);
  if (value.N !== undefined) return numberSize(value.N);
  if (value.B !== undefined) return value.B.byteLength;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((sum, entry) => sum + utf8Length(entry), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, entry) => sum + numberSize(entry), 0);
  if (value.BS !== undefined) return value.BS.reduce((sum, entry) => sum + entry.byteLength, 0);
  if (value.L !== undefined) {
    return value.L.reduce((sum, entry) => sum + 1 + valueSize(entry), 3);
  }
  if (value.M !== undefined) {
    return Object.entries(value.M).reduce(
      (sum, [name, entry]) => sum + 1 + utf8Length(name) + valueSize(entry),
      3,
    );
  }
  throw new Error('Unknown DynamoDB attribute value type');
}

/** The item's size in bytes as DynamoDB counts it (undefined attributes left out). */
export function itemSize(item: Record<string, unknown>): number {
  const marshalled = marshall(item, { removeUndefinedValues: true });
  return Object.entries(marshalled).reduce(
    (sum, [name, value]) => sum + utf8Length(name) + valueSize(value),
    0,
  );
}
