/**
 * A user's text (a section, workspace or file name) followed in one string by a count or a note,
 * "قسم 🚀 (1)": right-to-left text would pull the parenthesis and the count into its own direction
 * ("(1) قسم 🚀"). `isolated` sets such text apart with Unicode's first-strong isolate (U+2068 …
 * U+2069), for strings that cannot hold an element (a select's options, an accessible name); JSX
 * uses <bdi>. Text with no right-to-left letter or direction mark is returned as it is: it reads
 * the same either way, and stays the same string to search and compare.
 */
const RIGHT_TO_LEFT =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u061C\u200F\u202A-\u202E\u2066-\u2069]|[\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

export function isolated(text: string): string {
  return RIGHT_TO_LEFT.test(text)
    ? `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`
    : text;
}
