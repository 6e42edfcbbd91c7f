import * as z from 'zod';
import {
  fieldLabel,
  installProductValidationMessages,
  productValidationMessage,
} from './validation-messages';

/** The messages `schema` refuses `input` with, after the product's words are installed. */
function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

beforeAll(() => installProductValidationMessages());

describe('fieldLabel', () => {
  it.each([
    [['renewal_url'], 'Renewal URL'],
    [['expiresAt'], 'Expires at'],
    [['settings', 'client_id'], 'Client ID'],
    [['domains', 3], 'Domains'],
    [['dns-name'], 'DNS name'],
    [[], 'The request'],
  ] as const)('names %j "%s"', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });
});

describe('the product words for a schema without messages of its own', () => {
  const schema = z.strictObject({
    namespace: z.string().min(1).max(255).optional(),
    short: z.string().min(3).optional(),
    port: z.number().int().min(1).max(65_535).optional(),
    ratio: z.number().lt(1).optional(),
    mounts: z.array(z.string()).min(1).max(100).optional(),
    kind: z.enum(['aws', 'azure']).optional(),
    only: z.literal('yes').optional(),
    homepage: z.url().optional(),
    email: z.email().optional(),
    day: z.iso.date().optional(),
    step: z.number().multipleOf(5).optional(),
    required_name: z.string(),
    flag: z.boolean().optional(),
  });
  const valid = { required_name: 'x' };

  it.each([
    [
      'text over its limit',
      { namespace: 'n'.repeat(256) },
      'Namespace must be 255 characters or less',
    ],
    ['empty text', { namespace: '' }, 'Namespace is required'],
    ['text under its least', { short: 'ab' }, 'Short must be at least 3 characters'],
    ['a number over its limit', { port: 70_000 }, 'Port must be 65535 or less'],
    ['a number under its least', { port: 0 }, 'Port must be 1 or more'],
    ['a fraction for a whole number', { port: 1.5 }, 'Port must be a whole number'],
    ['a number at an exclusive limit', { ratio: 1 }, 'Ratio must be less than 1'],
    [
      'a list too long',
      { mounts: Array.from({ length: 101 }, () => 'm') },
      'Mounts can hold at most 100 items',
    ],
    ['an empty list', { mounts: [] }, 'Mounts must hold at least 1 item'],
    ['a value not offered', { kind: 'gcp' }, 'Kind must be one of: aws, azure'],
    ['another value than the one', { only: 'no' }, 'Only must be yes'],
    ['a malformed URL', { homepage: 'not a url' }, 'Homepage must be a valid URL'],
    ['a malformed address', { email: 'nobody' }, 'Email must be a valid email address'],
    ['an impossible date', { day: '2026-13-40' }, 'Day must be a valid date (YYYY-MM-DD)'],
    ['a number off its step', { step: 7 }, 'Step must be a multiple of 5'],
    ['text for true or false', { flag: 'yes' }, 'Flag must be true or false'],
    ['a field the request has not', { surprise: 1 }, 'Unknown field: surprise'],
  ])('refuses %s with one message in the product words', (_case, change, message) => {
    expect(messagesOf(schema, { ...valid, ...change })).toEqual([message]);
  });

  it('says a missing field is required, and a field of the wrong kind what it must be', () => {
    expect(messagesOf(schema, {})).toEqual(['Required name is required']);
    expect(messagesOf(schema, { required_name: 5 })).toEqual(['Required name must be text']);
    expect(messagesOf(schema, 'text')).toEqual(['The request must be an object']);
  });

  it("keeps a schema's own message", () => {
    const named = z.object({ name: z.string().max(100, 'Name must be 100 characters or less') });
    expect(messagesOf(named, { name: 'n'.repeat(101) })).toEqual([
      'Name must be 100 characters or less',
    ]);
  });

  it('never answers in the schema library words', () => {
    const refusals = [
      { namespace: 'n'.repeat(256) },
      { port: 'x' },
      { kind: 1 },
      { homepage: 'x' },
      { mounts: 'x' },
    ].flatMap((change) => messagesOf(schema, { ...valid, ...change }));
    expect(refusals.join('\n')).not.toMatch(
      /Too big|Too small|Invalid input|Invalid option|expected/,
    );
  });

  it('gives a fallback for refusals it has no words of its own for', () => {
    expect(productValidationMessage({ code: 'custom', path: ['token'], input: 1 })).toBe(
      'Token is not valid',
    );
  });
});
