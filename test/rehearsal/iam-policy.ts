/**
 * The IAM policy of a function's role as the templates give it (the role's inline policies and
 * every AWS::IAM::Policy or AWS::IAM::ManagedPolicy attached to it, resolved), and IAM's
 * evaluation of one action on one resource: an explicit Deny wins, else an Allow whose actions
 * and resources match (wildcards `*` and `?`, actions case-insensitive) and whose conditions
 * hold, else denied. Conditions are read for the string operators (StringEquals, StringNotEquals,
 * StringLike, StringNotLike; with ForAllValues: or ForAnyValue:, and IfExists) on the keys the
 * request gives (its context: STS's external id and session name, the account of the role
 * assumed, the leading key of a DynamoDB item, the attributes and ReturnValues of an update); any
 * other condition, or a key the request does not give (but for IfExists), is read
 * conservatively: its statement never allows and always denies.
 */
import { referencedLogicalId, type AssemblyStack, type CfnValue } from './cloud-assembly';
import { UnresolvableValueError, type CfnResolver } from './cfn-resolver';

export interface PolicyStatement {
  readonly effect: 'Allow' | 'Deny';
  readonly actions?: readonly string[];
  readonly notActions?: readonly string[];
  readonly resources?: readonly string[];
  readonly notResources?: readonly string[];
  readonly conditional: boolean;
  /** The statement's Condition: operator -> condition key -> values (any one matches). */
  readonly conditions?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  /** The policy it comes from: `<stack>/<logicalId>` of the policy or role. */
  readonly source: string;
}

interface PolicyDocument {
  readonly Statement?: CfnValue;
}

const asList = (value: unknown): string[] | undefined =>
  value === undefined ? undefined : (Array.isArray(value) ? value : [value]).map(String);

function statementsOf(document: PolicyDocument, source: string): PolicyStatement[] {
  const statements = Array.isArray(document.Statement) ? document.Statement : [document.Statement];
  return statements.map((raw) => {
    const statement = raw as Record<string, unknown>;
    if (statement.Principal !== undefined || statement.NotPrincipal !== undefined) {
      throw new UnresolvableValueError(`${source}: an identity policy statement names a principal`);
    }
    return {
      effect: statement.Effect === 'Deny' ? 'Deny' : 'Allow',
      actions: asList(statement.Action),
      notActions: asList(statement.NotAction),
      resources: asList(statement.Resource),
      notResources: asList(statement.NotResource),
      conditional: statement.Condition !== undefined,
      ...(statement.Condition === undefined
        ? {}
        : { conditions: conditionsOf(statement.Condition as Record<string, unknown>) }),
      source,
    };
  });
}

function conditionsOf(
  condition: Record<string, unknown>,
): Record<string, Record<string, string[]>> {
  return Object.fromEntries(
    Object.entries(condition).map(([operator, keys]) => [
      operator,
      Object.fromEntries(
        Object.entries(keys as Record<string, unknown>).map(([key, values]) => [
          key,
          asList(values) ?? [],
        ]),
      ),
    ]),
  );
}

/** Every statement that applies to the role `<stack>/<roleLogicalId>`. */
export function rolePolicyStatements(
  resolver: CfnResolver,
  stacks: readonly AssemblyStack[],
  stack: string,
  roleLogicalId: string,
): PolicyStatement[] {
  const role = resolver.resource(stack, roleLogicalId);
  const roleName = resolver.physicalResource(stack, roleLogicalId).ref;
  const managedPolicyArns = resolver.resolve(stack, role.Properties?.ManagedPolicyArns ?? []);
  if (Array.isArray(managedPolicyArns) && managedPolicyArns.length > 0) {
    throw new UnresolvableValueError(
      `${stack}/${roleLogicalId} attaches managed policies the templates do not hold (${managedPolicyArns.join(', ')}); the rehearsal cannot check them`,
    );
  }
  const statements: PolicyStatement[] = [];
  const inline = (role.Properties?.Policies ?? []) as Array<{ PolicyDocument: CfnValue }>;
  for (const policy of inline) {
    const document = resolver.resolve(stack, policy.PolicyDocument) as PolicyDocument;
    statements.push(...statementsOf(document, `${stack}/${roleLogicalId}`));
  }
  for (const candidate of stacks) {
    for (const [logicalId, resource] of Object.entries(candidate.template.Resources)) {
      if (resource.Type !== 'AWS::IAM::Policy' && resource.Type !== 'AWS::IAM::ManagedPolicy') {
        continue;
      }
      const roles = (resource.Properties?.Roles ?? []) as CfnValue[];
      const attached = roles.some((entry) =>
        candidate.name === stack && referencedLogicalId(entry) === roleLogicalId
          ? true
          : resolver.resolve(candidate.name, entry) === roleName,
      );
      if (!attached) continue;
      const document = resolver.resolve(
        candidate.name,
        resource.Properties?.PolicyDocument,
      ) as PolicyDocument;
      statements.push(...statementsOf(document, `${candidate.name}/${logicalId}`));
    }
  }
  return statements;
}

const patternCache = new Map<string, RegExp>();

/** IAM's wildcards: `*` any run of characters, `?` one character. */
export function matchesPattern(pattern: string, value: string, caseInsensitive = false): boolean {
  const key = `${caseInsensitive ? 'i' : 's'}${pattern}`;
  let regex = patternCache.get(key);
  if (!regex) {
    const source = pattern
      .split('')
      .map((char) =>
        char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    regex = new RegExp(`^${source}$`, caseInsensitive ? 'i' : '');
    patternCache.set(key, regex);
  }
  return regex.test(value);
}

function statementMatches(statement: PolicyStatement, action: string, resource: string): boolean {
  const actionMatches = statement.actions
    ? statement.actions.some((pattern) => matchesPattern(pattern, action, true))
    : !(statement.notActions ?? []).some((pattern) => matchesPattern(pattern, action, true));
  if (!actionMatches) return false;
  return statement.resources
    ? statement.resources.some((pattern) => matchesPattern(pattern, resource))
    : !(statement.notResources ?? []).some((pattern) => matchesPattern(pattern, resource));
}

/**
 * The values of the condition keys a request gives (`sts:ExternalId`, `aws:ResourceAccount`); a
 * list for a key of several values (`dynamodb:Attributes`).
 */
export type RequestContext = Readonly<Record<string, string | readonly string[]>>;

const STRING_MATCHES: Readonly<
  Record<string, (patterns: readonly string[], value: string) => boolean>
> = {
  StringEquals: (patterns, value) => patterns.includes(value),
  StringNotEquals: (patterns, value) => !patterns.includes(value),
  StringLike: (patterns, value) => patterns.some((pattern) => matchesPattern(pattern, value)),
  StringNotLike: (patterns, value) => !patterns.some((pattern) => matchesPattern(pattern, value)),
};

/**
 * Whether one operator's test of one key holds: `ForAllValues:` when every value of the key
 * passes, `ForAnyValue:` when one does, a plain operator on a single value; `…IfExists` when the
 * request gives no such key. Undefined when it cannot tell (an operator it does not read, a key
 * the request does not give, a plain operator on several values).
 */
function operatorHolds(
  operator: string,
  patterns: readonly string[],
  value: string | readonly string[] | undefined,
): boolean | undefined {
  const separator = operator.indexOf(':');
  const qualifier = separator === -1 ? undefined : operator.slice(0, separator);
  const name = operator.slice(separator + 1);
  const ifExists = name.endsWith('IfExists');
  const match = STRING_MATCHES[ifExists ? name.slice(0, -'IfExists'.length) : name];
  if (!match) return undefined;
  if (value === undefined) return ifExists ? true : undefined;
  const values = typeof value === 'string' ? [value] : value;
  if (qualifier === 'ForAllValues') return values.every((one) => match(patterns, one));
  if (qualifier === 'ForAnyValue') return values.some((one) => match(patterns, one));
  if (qualifier !== undefined || typeof value !== 'string') return undefined;
  return match(patterns, value);
}

/** Whether the statement's conditions hold for the request; `unknown` when it cannot tell. */
function conditionsHold(
  statement: PolicyStatement,
  context: RequestContext,
): 'yes' | 'no' | 'unknown' {
  if (!statement.conditional) return 'yes';
  if (!statement.conditions) return 'unknown';
  let verdict: 'yes' | 'no' | 'unknown' = 'yes';
  for (const [operator, keys] of Object.entries(statement.conditions)) {
    for (const [key, patterns] of Object.entries(keys)) {
      // Condition keys are case-insensitive.
      const value = Object.entries(context).find(
        ([name]) => name.toLowerCase() === key.toLowerCase(),
      )?.[1];
      const holds = operatorHolds(operator, patterns, value);
      if (holds === undefined) verdict = verdict === 'no' ? 'no' : 'unknown';
      else if (!holds) verdict = 'no';
    }
  }
  return verdict;
}

export type Decision =
  | { readonly allowed: true; readonly by: PolicyStatement }
  | { readonly allowed: false; readonly deniedBy?: PolicyStatement };

export function evaluate(
  statements: readonly PolicyStatement[],
  action: string,
  resource: string,
  context: RequestContext = {},
): Decision {
  const deny = statements.find(
    (statement) =>
      statement.effect === 'Deny' &&
      statementMatches(statement, action, resource) &&
      conditionsHold(statement, context) !== 'no',
  );
  if (deny) return { allowed: false, deniedBy: deny };
  const allow = statements.find(
    (statement) =>
      statement.effect === 'Allow' &&
      statementMatches(statement, action, resource) &&
      conditionsHold(statement, context) === 'yes',
  );
  return allow ? { allowed: true, by: allow } : { allowed: false };
}

/** One action on one resource that an Allow statement grants (patterns as written). */
export interface Grant {
  readonly action: string;
  readonly resource: string;
}

export function grantsOf(statements: readonly PolicyStatement[]): Grant[] {
  const grants = new Map<string, Grant>();
  for (const statement of statements) {
    if (statement.effect !== 'Allow' || !statement.actions) continue;
    for (const action of statement.actions) {
      for (const resource of statement.resources ?? ['*']) {
        grants.set(`${action.toLowerCase()} ${resource}`, { action, resource });
      }
    }
  }
  return [...grants.values()];
}

export function grantCovers(grant: Grant, action: string, resource: string): boolean {
  return matchesPattern(grant.action, action, true) && matchesPattern(grant.resource, resource);
}
