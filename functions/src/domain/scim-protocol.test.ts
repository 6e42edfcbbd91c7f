import {
  parsePatchOperations,
  parseScimFilter,
  parseScimPage,
  ScimError,
  scimBoolean,
} from './scim-protocol';

const USER_ATTRIBUTES = ['username', 'externalid', 'emails.value'];

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimError) return { status: error.status, scimType: error.scimType };
    throw error;
  }
  throw new Error('not refused');
}

describe('SCIM filters', () => {
  it.each([
    ['userName eq "alice@acme.example"', [{ attribute: 'username', value: 'alice@acme.example' }]],
    ['externalId eq "a \\"quoted\\" id"', [{ attribute: 'externalid', value: 'a "quoted" id' }]],
    [
      'emails[type eq "work"].value eq "alice@acme.example"',
      [{ attribute: 'emails.value', value: 'alice@acme.example' }],
    ],
    [
      'userName eq "a and b" and externalId eq "x"',
      [
        { attribute: 'username', value: 'a and b' },
        { attribute: 'externalid', value: 'x' },
      ],
    ],
  ])('reads %s', (filter, expected) => {
    expect(parseScimFilter(filter, USER_ATTRIBUTES)).toEqual(expected);
  });

  it.each([
    'userName co "a"',
    'userName eq',
    'title eq "x"',
    'userName eq "a" or externalId eq "b"',
    '(userName eq "a")',
  ])('refuses %s as invalidFilter', (filter) => {
    expect(refusal(() => parseScimFilter(filter, USER_ATTRIBUTES))).toEqual({
      status: 400,
      scimType: 'invalidFilter',
    });
  });
});

describe('SCIM PATCH operations and values', () => {
  it('takes op names in any case and path-less value objects', () => {
    expect(
      parsePatchOperations({
        Operations: [
          { op: 'Replace', path: 'active', value: 'False' },
          { op: 'replace', value: { active: false } },
        ],
      }),
    ).toEqual([
      { op: 'replace', path: 'active', value: 'False' },
      { op: 'replace', path: null, value: { active: false } },
    ]);
    expect(scimBoolean('False', 'active')).toBe(false);
    expect(scimBoolean('True', 'active')).toBe(true);
  });

  it('refuses an empty list, an unknown op and a remove without a path', () => {
    expect(refusal(() => parsePatchOperations({ Operations: [] })).scimType).toBe('invalidSyntax');
    expect(refusal(() => parsePatchOperations({ Operations: [{ op: 'move' }] })).scimType).toBe(
      'invalidSyntax',
    );
    expect(refusal(() => parsePatchOperations({ Operations: [{ op: 'remove' }] })).scimType).toBe(
      'noTarget',
    );
    expect(refusal(() => scimBoolean('maybe', 'active')).scimType).toBe('invalidValue');
  });

  it('pages from 1, at most 100 at a time', () => {
    expect(parseScimPage(undefined, undefined)).toEqual({ startIndex: 1, count: 100 });
    expect(parseScimPage('0', '500')).toEqual({ startIndex: 1, count: 100 });
    expect(parseScimPage('3', '-1')).toEqual({ startIndex: 3, count: 0 });
    expect(refusal(() => parseScimPage('x', undefined)).scimType).toBe('invalidValue');
  });
});
