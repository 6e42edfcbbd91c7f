/**
 * User text (names) inside an email's subject or a one-line sentence: no control characters or
 * line breaks (no header injection, no forged lines), whitespace collapsed, and at most
 * `maxLength` characters, ending in an ellipsis when cut.
 */
export const SUBJECT_TEXT_MAX_LENGTH = 60;

const ELLIPSIS = '…';

/** C0 and C1 controls, line and paragraph separators, bidirectional overrides and isolates. */
function isUnsafe(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

export function subjectText(value: string, maxLength: number = SUBJECT_TEXT_MAX_LENGTH): string {
  const line = Array.from(value, (character) => (isUnsafe(character) ? ' ' : character))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(line);
  if (characters.length <= maxLength) return line;
  return `${characters
    .slice(0, maxLength - 1)
    .join('')
    .trimEnd()}${ELLIPSIS}`;
}
