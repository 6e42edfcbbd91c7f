/**
 * The order of the token list's name sort, one rule for the API and the dashboard: the API reads
 * its tokens-by-name index (whose sort key is `tokenNameIndexKey`, ordered by DynamoDB in UTF-8
 * byte order), and the dashboard orders the rows it has loaded the same way, so the rows "Load
 * more" brings always follow the rows already shown.
 */

/** The sort key of a token in the tokens-by-name index: its lower-cased name, then its id. */
export function tokenNameIndexKey(name: string, tokenId: string): string {
  return `${name.toLowerCase()}#${tokenId}`;
}

/**
 * UTF-8 byte order of two strings without encoding them: UTF-16 code units compare as code
 * points once surrogates (code points above U+FFFF) are moved above U+E000–U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}
