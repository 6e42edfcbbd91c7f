import fc from 'fast-check';
import { escapeHtml, subjectText } from './email-text';

// Characters that would break a header line, reorder what is shown, or hide in it.
// eslint-disable-next-line no-control-regex -- these are what must never come out
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('subjectText', () => {
  it('puts user text on one line: no line breaks or control characters, spaces collapsed', () => {
    expect(subjectText('Prod key\r\nBcc: victim@example.com', 100)).toBe(
      'Prod key Bcc: victim@example.com',
    );
    expect(subjectText('  tabs\tand\u0000nulls\u0007 \u2028here  ', 100)).toBe(
      'tabs and nulls here',
    );
    expect(subjectText('\u202egnp.exe', 100)).toBe('gnp.exe');
    expect(subjectText('Grace Hopper', 100)).toBe('Grace Hopper');
  });

  it('caps the length with an ellipsis, never splitting a character in two', () => {
    expect(subjectText('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(subjectText('exactly ten', 11)).toBe('exactly ten');
    expect(subjectText('word then more', 10)).toBe('word then…');
    expect(subjectText('😀😀😀😀😀😀', 4)).toBe('😀😀😀…');
    expect(subjectText('anything', 0)).toBe('');
  });

  it('always gives one safe line within the cap, and changes nothing on a second pass', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.integer({ min: 1, max: 120 }),
        (text, maxLength) => {
          const line = subjectText(text, maxLength);
          expect(line).not.toMatch(UNSAFE);
          expect([...line].length).toBeLessThanOrEqual(maxLength);
          expect(line).toBe(line.trim());
          expect(subjectText(line, maxLength)).toBe(line);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('escapeHtml', () => {
  it('escapes the characters that end text or attributes in HTML', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & co`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; co',
    );
  });
});
