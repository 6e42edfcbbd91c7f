import * as z from 'zod';
import { checkTextInput, multiLineText, secretText, TEXT_MESSAGES } from './text-rules';

const schema = z.object({
  name: z.string(),
  notes: multiLineText(z.string()).nullable().optional(),
  password: secretText(z.string()).optional(),
  tags: z.array(z.string()).optional(),
});

const issuesOf = (value: unknown) => {
  const result = checkTextInput(value, schema);
  return result.ok ? [] : result.issues;
};

describe('checkTextInput', () => {
  it('refuses a lone surrogate anywhere, naming the place', () => {
    expect(issuesOf({ name: 'a\ud800' })).toEqual([
      { path: 'name', message: TEXT_MESSAGES.malformed('"name"') },
    ]);
    expect(issuesOf({ name: 'a', tags: ['ok', '\udc00x'] })).toEqual([
      { path: 'tags.1', message: TEXT_MESSAGES.malformed('"tags.1"') },
    ]);
    expect(issuesOf({ name: 'a', notes: 'line\n\ud83d' })).toHaveLength(1);
    expect(issuesOf({ ['k\ud800']: 'x', name: 'a' })).toHaveLength(1);
  });

  it('accepts surrogate pairs (emoji) and normalises text to NFC', () => {
    const result = checkTextInput({ name: 'Cafe\u0301 😀', notes: 'e\u0301' }, schema);
    expect(result).toEqual({ ok: true, value: { name: 'Café 😀', notes: 'é' } });
  });

  it('keeps secrets as they are', () => {
    const result = checkTextInput({ name: 'a', password: 'pa\u0301ss' }, schema);
    expect(result).toEqual({ ok: true, value: { name: 'a', password: 'pa\u0301ss' } });
  });

  it('keeps line breaks and tabs only in multi-line fields', () => {
    expect(issuesOf({ name: 'a', notes: 'one\r\ntwo\tthree' })).toEqual([]);
    expect(issuesOf({ name: 'one\ntwo' })).toEqual([
      { path: 'name', message: TEXT_MESSAGES.lineBreak('"name"') },
    ]);
    expect(issuesOf({ name: 'a', password: 'secret\r' })).toHaveLength(1);
  });

  it('refuses control characters in every field, multi-line ones too', () => {
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(issuesOf({ name: 'a', notes: `x${control}y` })).toHaveLength(1);
      expect(issuesOf({ name: `x${control}y` })).toHaveLength(1);
    }
  });

  it('checks values the schema does not know, and leaves non-text values alone', () => {
    expect(issuesOf({ name: 'a', extra: { deep: ['\ud800'] } })).toHaveLength(1);
    expect(checkTextInput({ n: 1, b: true, z: null })).toEqual({
      ok: true,
      value: { n: 1, b: true, z: null },
    });
  });

  it('keeps a __proto__ key as data', () => {
    const value = JSON.parse('{"__proto__":{"polluted":"yes"},"name":"a"}') as unknown;
    const result = checkTextInput(value, schema);
    expect(result.ok && Object.hasOwn(result.value as object, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
