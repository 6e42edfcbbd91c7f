/**
 * What the call recorder (sdk-call-recorder.cjs) keeps of an AWS SDK call's input: the fields that
 * name what it acts on and those IAM's conditions read, never values, keys or message bodies.
 * CommonJS, as the recorder is preloaded with `node --require`.
 */
'use strict';

/**
 * The input fields that name what a call acts on, and those IAM's conditions read (STS's external
 * id and session name, which name a workspace; DynamoDB's ReturnValues).
 */
const NAMING_FIELDS = [
  'TableName',
  'IndexName',
  'QueueUrl',
  'SecretId',
  'KeyId',
  'VersionStage',
  'Name',
  'Names',
  'FromEmailAddress',
  'FromEmailAddressIdentityArn',
  'ConfigurationSetName',
  'RoleArn',
  'ExternalId',
  'RoleSessionName',
  'ReturnValues',
];

/**
 * The entity prefix of a DynamoDB item's partition key (`SESSION#` of `SESSION#<hash>`), which
 * IAM's `dynamodb:LeadingKeys` condition reads; the rest of the key is not recorded. Marshalled
 * (`{ S: … }`) or not, as the document client's middleware may not have run yet.
 */
function leadingKeyPrefixOf(request) {
  const item = request && (request.Key || request.Item);
  const pk = item && item.pk;
  const value = pk && typeof pk === 'object' ? pk.S : pk;
  if (typeof value !== 'string') return undefined;
  const end = value.indexOf('#');
  return end === -1 ? '' : value.slice(0, end + 1);
}

/** Words of DynamoDB's expression grammar: reserved words, so never an attribute's bare name. */
const EXPRESSION_WORDS = new Set([
  'SET',
  'REMOVE',
  'ADD',
  'DELETE',
  'AND',
  'OR',
  'NOT',
  'BETWEEN',
  'IN',
]);

/**
 * A name (`#name` or bare), a value placeholder (`:value`), each with whether a `.` comes before
 * it (a step into a map) and a `(` after it (a function such as `attribute_exists`).
 */
const EXPRESSION_TOKEN = /(\.\s*)?(:[A-Za-z0-9_]+|#[A-Za-z0-9_]+|[A-Za-z_][A-Za-z0-9_]*)(\s*\()?/g;

/** The top-level attribute names an update or condition expression reads or writes. */
function attributeNamesOf(expression, names) {
  if (typeof expression !== 'string') return [];
  const found = [];
  for (const [, step, token, call] of expression.matchAll(EXPRESSION_TOKEN)) {
    if (step || call || token.startsWith(':')) continue;
    if (token.startsWith('#')) found.push((names && names[token]) || token);
    else if (!EXPRESSION_WORDS.has(token.toUpperCase())) found.push(token);
  }
  return found;
}

/**
 * IAM's `dynamodb:Attributes` of an update: every top-level attribute it names, those of its key
 * included, in its update and its condition (expressions or their legacy forms). Names only.
 */
function updatedAttributesOf(request) {
  const names = request.ExpressionAttributeNames;
  return [
    ...new Set([
      ...Object.keys(request.Key || {}),
      ...attributeNamesOf(request.UpdateExpression, names),
      ...attributeNamesOf(request.ConditionExpression, names),
      ...Object.keys(request.AttributeUpdates || {}),
      ...Object.keys(request.Expected || {}),
    ]),
  ].sort();
}

const isUpdate = (request) =>
  request.UpdateExpression !== undefined || request.AttributeUpdates !== undefined;

function summarize(input) {
  const summary = {};
  if (!input || typeof input !== 'object') return summary;
  for (const field of NAMING_FIELDS) {
    if (input[field] !== undefined) summary[field] = input[field];
  }
  const leadingKeyPrefix = leadingKeyPrefixOf(input);
  if (leadingKeyPrefix !== undefined) summary.LeadingKeyPrefix = leadingKeyPrefix;
  if (isUpdate(input)) summary.Attributes = updatedAttributesOf(input);
  if (input.RequestItems && typeof input.RequestItems === 'object') {
    summary.RequestItems = Object.keys(input.RequestItems);
  }
  if (Array.isArray(input.TransactItems)) {
    summary.TransactItems = input.TransactItems.map((item) => {
      const [operation] = Object.keys(item);
      const request = item[operation];
      return {
        operation,
        TableName: request && request.TableName,
        LeadingKeyPrefix: leadingKeyPrefixOf(request),
        ...(operation === 'Update' && request ? { Attributes: updatedAttributesOf(request) } : {}),
      };
    });
  }
  return summary;
}

module.exports = { summarize };
