import { evaluate, grantsOf, matchesPattern, type PolicyStatement } from './iam-policy';

const TABLE = 'arn:aws:dynamodb:us-east-1:000000000000:table/Table-1';
const allow = (actions: string[], resources: string[], conditional = false): PolicyStatement => ({
  effect: 'Allow',
  actions,
  resources,
  conditional,
  source: 'Stack/Policy',
});

describe('IAM evaluation of one action on one resource', () => {
  it('allows what a statement names, and nothing else', () => {
    const statements = [allow(['dynamodb:GetItem'], [TABLE])];
    expect(evaluate(statements, 'dynamodb:GetItem', TABLE).allowed).toBe(true);
    expect(evaluate(statements, 'dynamodb:PutItem', TABLE).allowed).toBe(false);
    expect(evaluate(statements, 'dynamodb:GetItem', `${TABLE}/index/gsi1`).allowed).toBe(false);
  });

  it('reads wildcards: * any run, ? one character; actions case-insensitively, resources not', () => {
    const statements = [allow(['DynamoDB:Get*'], [`${TABLE}/index/gsi?`])];
    expect(evaluate(statements, 'dynamodb:GetItem', `${TABLE}/index/gsi1`).allowed).toBe(true);
    expect(evaluate(statements, 'dynamodb:GetItem', `${TABLE}/index/gsi12`).allowed).toBe(false);
    expect(evaluate(statements, 'dynamodb:GetItem', `${TABLE}/INDEX/gsi1`).allowed).toBe(false);
    expect(
      matchesPattern('arn:aws:ses:*:*:identity/*', 'arn:aws:ses:eu-west-1:1:identity/a@b.c'),
    ).toBe(true);
  });

  it('lets an explicit Deny win over any Allow, and never allows with a condition it cannot read', () => {
    const deny: PolicyStatement = { ...allow(['dynamodb:*'], ['*']), effect: 'Deny' };
    expect(
      evaluate([allow(['dynamodb:GetItem'], [TABLE]), deny], 'dynamodb:GetItem', TABLE),
    ).toEqual({
      allowed: false,
      deniedBy: deny,
    });
    expect(
      evaluate([allow(['dynamodb:GetItem'], [TABLE], true)], 'dynamodb:GetItem', TABLE).allowed,
    ).toBe(false);
  });

  it("reads string conditions on the request's keys, and denies on any it cannot read", () => {
    const role = 'arn:aws:iam::123456789012:role/Discovery';
    const assume: PolicyStatement = {
      ...allow(['sts:AssumeRole'], ['arn:aws:iam::*:role/*'], true),
      conditions: {
        StringLike: { 'sts:ExternalId': ['er-*'] },
        StringNotEquals: { 'aws:ResourceAccount': ['000000000000'] },
      },
    };
    const decide = (context: Record<string, string>, statement = assume) =>
      evaluate([statement], 'sts:AssumeRole', role, context).allowed;
    expect(decide({ 'sts:externalid': 'er-1', 'aws:ResourceAccount': '123456789012' })).toBe(true);
    expect(decide({ 'sts:ExternalId': 'x-1', 'aws:ResourceAccount': '123456789012' })).toBe(false);
    expect(decide({ 'sts:ExternalId': 'er-1', 'aws:ResourceAccount': '000000000000' })).toBe(false);
    expect(decide({ 'sts:ExternalId': 'er-1' })).toBe(false);
    const unreadable = { ...assume, conditions: { IpAddress: { 'aws:SourceIp': ['10.0.0.0/8'] } } };
    expect(decide({ 'aws:SourceIp': '10.0.0.1' }, unreadable)).toBe(false);
  });

  it("reads a grant on some items only: ForAllValues:StringLike on an item's leading key", () => {
    const sessionsOnly: PolicyStatement = {
      ...allow(['dynamodb:UpdateItem'], [TABLE], true),
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SESSION#*'] } },
    };
    const decide = (context: Record<string, string>) =>
      evaluate([sessionsOnly], 'dynamodb:UpdateItem', TABLE, context).allowed;
    expect(decide({ 'dynamodb:LeadingKeys': 'SESSION#' })).toBe(true);
    expect(decide({ 'dynamodb:LeadingKeys': 'USER#' })).toBe(false);
    expect(decide({})).toBe(false);
  });

  it('reads a key of several values with ForAllValues and ForAnyValue, and IfExists on a key not given', () => {
    const someAttributes: PolicyStatement = {
      ...allow(['dynamodb:UpdateItem'], [TABLE], true),
      conditions: {
        'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'sk', 'lastUsedAt'] },
        StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_NEW'] },
      },
    };
    const decide = (context: Record<string, string | string[]>, statement = someAttributes) =>
      evaluate([statement], 'dynamodb:UpdateItem', TABLE, context).allowed;
    expect(decide({ 'dynamodb:Attributes': ['pk', 'sk', 'lastUsedAt'] })).toBe(true);
    expect(decide({ 'dynamodb:Attributes': ['pk', 'sk', 'plan'] })).toBe(false);
    expect(
      decide({ 'dynamodb:Attributes': ['pk', 'lastUsedAt'], 'dynamodb:ReturnValues': 'ALL_NEW' }),
    ).toBe(false);
    expect(decide({ 'dynamodb:ReturnValues': 'NONE' })).toBe(false);
    const anyValue: PolicyStatement = {
      ...someAttributes,
      conditions: { 'ForAnyValue:StringLike': { 'dynamodb:Attributes': ['last*'] } },
    };
    expect(decide({ 'dynamodb:Attributes': ['pk', 'lastUsedAt'] }, anyValue)).toBe(true);
    expect(decide({ 'dynamodb:Attributes': ['pk', 'plan'] }, anyValue)).toBe(false);
    const single: PolicyStatement = {
      ...someAttributes,
      conditions: { StringEquals: { 'dynamodb:Attributes': ['pk'] } },
    };
    expect(decide({ 'dynamodb:Attributes': ['pk'] }, single)).toBe(false);
  });

  it('reads NotAction and NotResource', () => {
    const notAction: PolicyStatement = {
      effect: 'Allow',
      notActions: ['iam:*'],
      resources: ['*'],
      conditional: false,
      source: 's',
    };
    expect(evaluate([notAction], 'sqs:SendMessage', 'arn:aws:sqs:us-east-1:1:q').allowed).toBe(
      true,
    );
    expect(evaluate([notAction], 'iam:PassRole', 'arn:aws:iam::1:role/r').allowed).toBe(false);
    const notResource: PolicyStatement = {
      effect: 'Allow',
      actions: ['s3:GetObject'],
      notResources: ['arn:aws:s3:::private/*'],
      conditional: false,
      source: 's',
    };
    expect(evaluate([notResource], 's3:GetObject', 'arn:aws:s3:::public/a').allowed).toBe(true);
    expect(evaluate([notResource], 's3:GetObject', 'arn:aws:s3:::private/a').allowed).toBe(false);
  });

  it('lists each allowed action and resource once', () => {
    const statements = [
      allow(['dynamodb:GetItem', 'dynamodb:Query'], [TABLE, `${TABLE}/index/gsi1`]),
      allow(['dynamodb:GetItem'], [TABLE]),
    ];
    expect(grantsOf(statements)).toEqual([
      { action: 'dynamodb:GetItem', resource: TABLE },
      { action: 'dynamodb:GetItem', resource: `${TABLE}/index/gsi1` },
      { action: 'dynamodb:Query', resource: TABLE },
      { action: 'dynamodb:Query', resource: `${TABLE}/index/gsi1` },
    ]);
  });
});
