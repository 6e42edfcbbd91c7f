/** User text (names of people, tokens, workspaces) on its way into an email. */

/**
 * Line breaks and other control characters, Unicode line separators, and bidirectional
 * overrides (which reorder what is shown): none of them belongs in a header line.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const ELLIPSIS = '…';

/**
 * One line of user text for a subject (or a greeting): unsafe characters become spaces, runs of
 * spaces one, and text longer than `maxLength` characters is cut to fit with an ellipsis.
 */
export function subjectText(text: string, maxLength: number): string {
  if (maxLength < 1) return '';
  const line = text.replace(UNSAFE_IN_A_LINE, ' ').replace(/\s+/g, ' ').trim();
  const characters = [...line];
  if (characters.length <= maxLength) return line;
  return `${characters
    .slice(0, maxLength - 1)
    .join('')
    .trimEnd()}${ELLIPSIS}`;
}

/** Text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
