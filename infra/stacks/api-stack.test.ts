/**
 * The api stack (HTTP API, stage, alarm, secrets) and the route functions of the area stacks
 * (api-routes-stack.ts), read together: each route's function, role, policy, log group,
 * integration and route are in its area's template.
 */
import { Match } from 'aws-cdk-lib/assertions';
import type { RouteId } from '@expiry-radar/shared/api/route-table';
import {
  buildTestApp,
  resourcesAcross,
  resourcesOf,
  type Resources,
} from '../test-support/test-app';
import { implementedRoutes } from '../config/route-areas';
import { permissionsFor, routePermissions } from '../config/route-permissions';
import { API_THROTTLE } from './api-stack';

const APP_ORIGIN = 'https://expiry-radar.example.com';
const { templates, stacks } = buildTestApp({ appOrigin: APP_ORIGIN });
const api = templates.api;
const routeTemplates = templates.apiRoutes;

const functions = resourcesAcross(routeTemplates, 'AWS::Lambda::Function');
const routes = resourcesAcross(routeTemplates, 'AWS::ApiGatewayV2::Route');
const integrations = resourcesAcross(routeTemplates, 'AWS::ApiGatewayV2::Integration');
const policies = resourcesAcross(routeTemplates, 'AWS::IAM::Policy');
const logGroups = resourcesAcross(routeTemplates, 'AWS::Logs::LogGroup');

/**
 * How a route stack's template reads a value of the api stack: an import of the api stack's
 * export whose value is `value` (as the api stack's template spells it).
 */
function importOfApiValue(value: unknown): unknown {
  const outputs = (api.toJSON() as { Outputs?: Record<string, unknown> }).Outputs ?? {};
  const exported = Object.values(outputs as Record<string, { Value: unknown; Export?: unknown }>)
    .filter((output) => JSON.stringify(output.Value) === JSON.stringify(value))
    .map((output) => output.Export as { Name: string });
  expect(exported).toHaveLength(1);
  return { 'Fn::ImportValue': exported[0]?.Name };
}

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/** The logical id of the function behind `METHOD path`, following route -> integration -> function. */
function functionIdOf(routeKey: string): string {
  const route = Object.values(routes).find((r) => r.Properties?.RouteKey === routeKey);
  expect(route).toBeDefined();
  const target = route?.Properties?.Target as { 'Fn::Join': [string, unknown[]] };
  const integrationRef = target['Fn::Join'][1][1] as { Ref: string };
  const integration = integrations[integrationRef.Ref];
  const uri = integration?.Properties?.IntegrationUri as { 'Fn::GetAtt': [string, string] };
  return uri['Fn::GetAtt'][0];
}

function statementsOf(functionId: string, resources: Resources = policies): Statement[] {
  const roleRef = (functions[functionId]?.Properties?.Role as { 'Fn::GetAtt': [string] })[
    'Fn::GetAtt'
  ][0];
  return Object.values(resources)
    .filter((policy) =>
      (policy.Properties?.Roles as { Ref: string }[]).some((role) => role.Ref === roleRef),
    )
    .flatMap(
      (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
    );
}

function actionsOf(functionId: string, resources: Resources = policies): string[] {
  return statementsOf(functionId, resources).flatMap((statement) => [statement.Action].flat());
}

/** The statements of a route's function that allow UpdateItem on the table's items. */
function tableUpdatesOf(route: { method: string; path: string }): Statement[] {
  return statementsOf(functionIdOf(`${route.method} ${route.path}`)).filter(
    (statement) =>
      [statement.Action].flat().includes('dynamodb:UpdateItem') &&
      !JSON.stringify(statement.Resource).includes('/index/'),
  );
}

const RATE_LIMIT_UPDATE = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] } };
const SESSION_UPDATE = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SESSION#*'] } };

/**
 * The routes whose own writes update items other than rate-limit counters (`rateLimitWrite`),
 * sessions' and API keys' last use, each with what it updates (reviewed from the handlers' code
 * paths in functions/src/http): their UpdateItem is table-wide, with no condition.
 */
const UPDATES_OF_OTHER_ITEMS: Readonly<Partial<Record<RouteId, string>>> = {
  deleteAccount:
    "workspaces handed on (guards, roles, owners' lists), plans, audit events anonymised",
  verifyEmail: "the account's verification (and a new address confirmed)",
  resetPassword: "the account's password hash; its API keys' count as they are revoked",
  createApiKey: "the user's count of API keys",
  revokeApiKey: "the user's count of API keys",
  verifyOrganizationDomain: "the domain's verification or its last check's error",
  mapScimGroup: "the group's mapping, members' roles, admission guards, tokens handed on",
  scimCreateUser: "as deleteAccount's (an account never verified replaced), the admission guard",
  scimReplaceUser: "members' roles, admission guards, tokens handed on, API keys' counts",
  scimPatchUser: "members' roles, admission guards, tokens handed on, API keys' counts",
  scimDeleteUser: "the member's tokens handed on, API keys' counts, sessions ended",
  scimReplaceGroup: "the group's fields, members' roles, admission guards, tokens handed on",
  scimPatchGroup: "the group's fields, members' roles, admission guards, tokens handed on",
  scimDeleteGroup: "members' roles, admission guards, tokens handed on",
  createToken: "the workspace's token counters, endpoint schedules, the search index's fold",
  updateToken: "the workspace's token counters, endpoint schedules, the search index's fold",
  deleteToken: "the workspace's token counters, the search index's fold",
  importTokens: "the workspace's token counters, the search index's fold",
  reportScan: "the workspace's token counters, the search index's fold",
  transferTokens: "both workspaces' token counters, endpoint schedules, the search index's fold",
  createWorkspace: "the owner's list of workspaces",
  renameWorkspace: "the workspace's name",
  deleteWorkspace: "the owner's list of workspaces, a frozen workspace's plan, alert arming",
  transferWorkspaceOwnership: "roles, owners' lists of workspaces, plans, alert arming",
  updateMember: "the member's or invitation's role",
  removeMember: "the member's tokens handed on: token counters, the search index's fold",
  setWorkspaceTwoFactorRequirement: "the workspace's two-factor requirement",
  putAlertSettings: "the alert settings and their tokens' alert arming",
  updateAccount: "the account's name, password or pending address; API keys' counts",
  ssoCallback: "as deleteAccount's (an account never verified replaced)",
  samlAcs: "as deleteAccount's (an account never verified replaced), the request answered",
  googleCallback: "as deleteAccount's (an account never verified replaced), the pending sign-in",
  confirmBilling: 'the plan of the user and their workspaces, alert arming',
  stripeWebhook: 'the plan of the user and their workspaces, alert arming',
  addMember: "the workspace's admission guard, in the invitation's transaction",
  acceptInvitation: "the workspace's admission guard, in the membership's transaction",
  listTokens: "the search index's build and fold (its lease and version)",
  rotateCalendarFeed: "the feed's rotation counter",
  addTrustedCertificateAuthority: "the workspace's count of certificate authorities",
  removeTrustedCertificateAuthority: "the workspace's count of certificate authorities",
  createDomainRegistrations: "the workspace's token counters, the search index's fold",
  addWatchedDomain: "the workspace's count of watched domains",
  updateWatchedDomain: "the watched domain's settings",
  removeWatchedDomain: "the workspace's count of watched domains",
  addCertificateToInventory: "the certificate seen, the new token's counters and endpoint schedule",
  listAlertQueue: "older alert records' entries in the alerts-by-time index",
  requeueAlerts: 'the alert records requeued',
  retryAlert: 'the alert record retried',
  takeAlertAction: "a renewal's token edit: token counters, the search index's fold",
  slackInteractions: "a renewal's token edit; an installation revoked",
  unsubscribeAlertEmails: 'the weekly summary turned off',
  verifyTwoFactorSignIn: "the authenticator's last step, a recovery code used",
  confirmTwoFactorEnrolment: "the enrolment confirmed, the account's two-factor flag",
  regenerateRecoveryCodes: "the recovery codes, the authenticator's last step",
  disableTwoFactor: "the account's two-factor flag, the authenticator's last step",
  createIntegration: "the workspace's count of integrations",
  deleteIntegration: "the workspace's count of integrations",
  syncIntegration: "the integration's sync state, the workspace's token counters",
};

describe('api stack: one function and one route per implemented route', () => {
  const implemented = implementedRoutes();

  it('covers the routes that have handlers', () => {
    expect(implemented.map(({ route }) => route.id)).toEqual(
      expect.arrayContaining(['getSession', 'getCsrfToken', 'getHealth']),
    );
    expect(Object.keys(routes)).toHaveLength(implemented.length);
  });

  it.each(implemented.map(({ route }) => [`${route.method} ${route.path}`]))(
    '%s is served by its own Node.js 22 arm64 function',
    (routeKey) => {
      const fn = functions[functionIdOf(routeKey)];
      expect(fn?.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        LoggingConfig: { LogFormat: 'JSON' },
        TracingConfig: { Mode: 'Active' },
      });
    },
  );

  it('gives the import a longer timeout and more memory, the other routes the defaults', () => {
    const importFunction = functions[functionIdOf('POST /api/v1/workspaces/{id}/imports')];
    expect(importFunction?.Properties).toMatchObject({ MemorySize: 1024, Timeout: 29 });
    const listFunction = functions[functionIdOf('GET /api/tokens')];
    expect(listFunction?.Properties).toMatchObject({ MemorySize: 512, Timeout: 10 });
  });

  it('gives each route a different function', () => {
    const ids = implemented.map(({ route }) => functionIdOf(`${route.method} ${route.path}`));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sets the environment the handlers read on every function', () => {
    for (const fn of Object.values(functions)) {
      expect(fn.Properties?.Environment).toMatchObject({
        Variables: {
          TABLE_NAME: expect.anything() as unknown,
          ALERT_QUEUE_URL: expect.anything() as unknown,
          ALERT_DLQ_URL: expect.anything() as unknown,
          APP_ENV: 'production',
          APP_ORIGIN,
          POWERTOOLS_SERVICE_NAME: 'expiry-radar',
          POWERTOOLS_LOG_LEVEL: 'INFO',
        },
      });
      // Only the rehearsal lets discovery reach its stand-ins (adapters/guarded-http.ts).
      expect(
        (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables,
      ).not.toHaveProperty('DISCOVERY_STAND_IN_ORIGINS');
    }
  });

  it('logs every function into its own log group with a retention period', () => {
    for (const fn of Object.values(functions)) {
      const logGroupRef = (fn.Properties?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup
        .Ref;
      expect(logGroups[logGroupRef]?.Properties?.RetentionInDays).toEqual(expect.any(Number));
    }
    for (const logGroup of Object.values(logGroups)) {
      expect(logGroup.Properties?.RetentionInDays).toEqual(expect.any(Number));
    }
  });
});

describe('api stack: least privilege', () => {
  it('lets the health function describe the table and read queue attributes, nothing more', () => {
    const actions = actionsOf(functionIdOf('GET /api/health'));
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:DescribeTable', 'sqs:GetQueueAttributes']),
    );
    expect(actions).not.toContain('dynamodb:PutItem');
    // With a session cookie it looks the session up too, as every public route does.
    expect(actions.filter((action) => action.startsWith('dynamodb:')).sort()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:DescribeTable',
    ]);
  });

  it('lets the session function read the session and its user in one batch, and nothing else', () => {
    const actions = actionsOf(functionIdOf('GET /api/session'));
    expect(actions.filter((action) => action.startsWith('dynamodb:'))).toEqual([
      'dynamodb:BatchGetItem',
    ]);
    for (const write of ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']) {
      expect(actions).not.toContain(`dynamodb:${write}`);
    }
  });

  it('lets a route that writes, such as sign-in, read and write the items it does, no more', () => {
    const actions = actionsOf(functionIdOf('POST /auth/login'));
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']),
    );
    expect(actions).not.toContain('dynamodb:BatchWriteItem');
    expect(actions).not.toContain('dynamodb:Query');
  });

  it("lets a route that takes API keys update, beyond its own writes, only the key's rate-limit counter and last use", () => {
    const keyRoutes = implementedRoutes().filter(({ route }) => route.apiKey !== undefined);
    const readOnly = keyRoutes.filter(
      ({ route }) => !routePermissions[route.id].includes('table:UpdateItem'),
    );
    expect(readOnly.map(({ route }) => route.id)).toContain('exportTokens');
    for (const { route } of readOnly) {
      const updates = tableUpdatesOf(route);
      expect(updates.filter((statement) => statement.Condition === undefined)).toEqual([]);
      expect(updates.map((statement) => statement.Condition)).toEqual([
        RATE_LIMIT_UPDATE,
        {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['API_KEY#*', 'USER#*'] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'sk', 'lastUsedAt'] },
          StringEqualsIfExists: {
            'dynamodb:ReturnValues': ['NONE', 'UPDATED_OLD', 'UPDATED_NEW'],
          },
        },
        // The session's last use, for a request with a session cookie.
        SESSION_UPDATE,
      ]);
    }
  });

  it('lets a route update the whole table only when it is reviewed as updating more than rate-limit counters, sessions and API keys', () => {
    const unconditioned = implementedRoutes()
      .filter(({ route }) =>
        tableUpdatesOf(route).some((statement) => statement.Condition === undefined),
      )
      .map(({ route }) => route.id);
    expect(unconditioned.sort()).toEqual(Object.keys(UPDATES_OF_OTHER_ITEMS).sort());
  });

  it('lets a route that counts requests against its own rate limits update no item but their counters, in one statement', () => {
    const counting = implementedRoutes().filter(({ route }) =>
      routePermissions[route.id].includes('rateLimitWrite'),
    );
    expect(counting.map(({ route }) => route.id)).toEqual(
      expect.arrayContaining(['login', 'probeEndpoint', 'scimGetUser']),
    );
    for (const { route } of counting) {
      const conditions = tableUpdatesOf(route).map((statement) => statement.Condition);
      expect(conditions).not.toContain(undefined);
      const rateLimits = JSON.stringify(RATE_LIMIT_UPDATE);
      expect(
        conditions.filter((condition) => JSON.stringify(condition) === rateLimits),
      ).toHaveLength(1);
    }
  });

  it('grants * as resource only for the X-Ray writes of active tracing', () => {
    const onAnyResource = Object.values(policies)
      .flatMap(
        (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
      )
      .filter((statement) => statement.Resource === '*')
      .flatMap((statement) => [statement.Action].flat());
    expect(new Set(onAnyResource)).toEqual(
      new Set(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']),
    );
  });

  it("lets only the sync and its preview assume customers' AWS roles (other accounts, Expiry Radar's external id) and the Google Cloud federation role", () => {
    const assumers = implementedRoutes()
      .filter(({ route }) =>
        actionsOf(functionIdOf(`${route.method} ${route.path}`)).includes('sts:AssumeRole'),
      )
      .map(({ route }) => route.id)
      .sort();
    expect(assumers).toEqual(['previewIntegrationSync', 'syncIntegration']);
    for (const routeId of assumers) {
      expect(permissionsFor(routeId)).toContain('discoveryRoleAssume');
      const { route } = implementedRoutes().find((entry) => entry.route.id === routeId)!;
      const assume = statementsOf(functionIdOf(`${route.method} ${route.path}`)).filter(
        (statement) => [statement.Action].flat().includes('sts:AssumeRole'),
      );
      expect(assume).toEqual([
        {
          Effect: 'Allow',
          Action: 'sts:AssumeRole',
          Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::*:role/*']] },
          Condition: {
            StringLike: {
              'sts:ExternalId': 'expiry-radar-*',
              'sts:RoleSessionName': 'expiry-radar-*',
            },
            StringNotEquals: { 'aws:ResourceAccount': { Ref: 'AWS::AccountId' } },
          },
        },
        // Google Cloud federation: the deployment's own role, in a workspace's session only.
        {
          Effect: 'Allow',
          Action: 'sts:AssumeRole',
          Resource: {
            'Fn::ImportValue': expect.stringContaining('GcpFederationRole') as string,
          },
          Condition: { StringLike: { 'sts:RoleSessionName': 'expiry-radar-*' } },
        },
      ]);
    }
  });

  it('grants no function Scan, wildcard actions or AWS managed policies', () => {
    const all = Object.keys(functions).flatMap((id) => actionsOf(id));
    expect(all).not.toContain('dynamodb:Scan');
    expect(all.filter((action) => action.includes('*'))).toEqual([]);
    for (const role of Object.values(resourcesAcross(routeTemplates, 'AWS::IAM::Role'))) {
      expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('grants queries only on indexes: GetItem and BatchGetItem could never be used there', () => {
    const onIndexes = Object.values(policies)
      .flatMap(
        (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
      )
      .filter((statement) => JSON.stringify(statement.Resource).includes('/index/'));
    expect(onIndexes.length).toBeGreaterThan(0);
    for (const statement of onIndexes)
      expect([statement.Action].flat()).toEqual(['dynamodb:Query']);
  });
});

describe('api stack: the origin secret', () => {
  const secretRef = importOfApiValue(stacks.api.resolve(stacks.api.originSecret.secretArn));

  function statementsOf(functionId: string): Statement[] {
    const roleRef = (functions[functionId]?.Properties?.Role as { 'Fn::GetAtt': [string] })[
      'Fn::GetAtt'
    ][0];
    return Object.values(policies)
      .filter((policy) =>
        (policy.Properties?.Roles as { Ref: string }[]).some((role) => role.Ref === roleRef),
      )
      .flatMap(
        (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
      );
  }

  it('is generated by CloudFormation, so its value is in no template', () => {
    api.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }),
    });
    for (const secret of Object.values(resourcesOf(api, 'AWS::SecretsManager::Secret'))) {
      expect(secret.Properties?.SecretString).toBeUndefined();
    }
  });

  const twoFactorKeyRef = importOfApiValue(stacks.api.resolve(stacks.api.twoFactorKey.secretArn));
  /** The data stack's secret, imported. */
  const alertLinkKeyRef = {
    'Fn::ImportValue': expect.stringMatching(
      /^ExpiryRadarData:ExportsOutputRefAlertLinkKey/,
    ) as unknown,
  };

  it.each(implementedRoutes().map(({ route }) => [`${route.method} ${route.path}`, route.id]))(
    '%s may read exactly that secret (and the two-factor key if it seals or opens TOTP secrets, the alert link key if it verifies unsubscribe links), and is told their ARNs (never their values)',
    (routeKey, routeId) => {
      const id = functionIdOf(routeKey);
      const secretStatements = statementsOf(id).filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('secretsmanager:')),
      );
      const readsTwoFactorKey = permissionsFor(routeId).includes('twoFactorKeyRead');
      const readsAlertLinkKey = permissionsFor(routeId).includes('alertLinkKeyRead');
      expect(secretStatements).toEqual([
        { Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: secretRef },
        ...(readsTwoFactorKey
          ? [
              {
                Action: 'secretsmanager:GetSecretValue',
                Effect: 'Allow',
                Resource: twoFactorKeyRef,
              },
            ]
          : []),
        ...(readsAlertLinkKey
          ? [
              {
                Action: 'secretsmanager:GetSecretValue',
                Effect: 'Allow',
                Resource: alertLinkKeyRef,
              },
            ]
          : []),
      ]);
      const variables = (
        functions[id]?.Properties?.Environment as { Variables: Record<string, unknown> }
      ).Variables;
      expect(variables.ORIGIN_VERIFY_SECRET_ARN).toEqual(secretRef);
      expect(variables.TWO_FACTOR_KEY_SECRET_ARN).toEqual(twoFactorKeyRef);
      expect(variables.ALERT_LINK_KEY_SECRET_ARN).toEqual(alertLinkKeyRef);
      expect(JSON.stringify(variables)).not.toContain('resolve:secretsmanager');
    },
  );

  it('lets only the routes that seal or open TOTP secrets read the two-factor key', () => {
    const readers = implementedRoutes()
      .filter(({ route }) => permissionsFor(route.id).includes('twoFactorKeyRead'))
      .map(({ route }) => route.id)
      .sort();
    expect(readers).toEqual([
      'confirmTwoFactorEnrolment',
      'disableTwoFactor',
      'regenerateRecoveryCodes',
      'startTwoFactorEnrolment',
      'verifyTwoFactorSignIn',
    ]);
    api.hasResource('AWS::SecretsManager::Secret', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ Description: Match.stringLikeRegexp('TOTP') }),
    });
  });
});

describe('api stack: stage and alarms', () => {
  it('throttles the default stage and writes access logs', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: API_THROTTLE.rateLimit,
        ThrottlingBurstLimit: API_THROTTLE.burstLimit,
      }),
      AccessLogSettings: {
        DestinationArn: Match.anyValue(),
        Format: Match.stringLikeRegexp('requestId'),
      },
    });
  });

  it('raises an alarm on the 5xx rate', () => {
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([
        Match.objectLike({
          MetricStat: Match.objectLike({
            Metric: Match.objectLike({ Namespace: 'AWS/ApiGateway', MetricName: '5xx' }),
          }),
        }),
      ]),
    });
  });
});
