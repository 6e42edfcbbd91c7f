import { appOriginFrom, APP_ORIGIN_PARAMETER } from '@expiry-radar/functions/adapters/app-origin';
import { permissionsFor } from '../config/route-permissions';
import { implementedRoutes } from '../config/route-areas';
import { buildTestApp, resourcesAcross, resourcesOf } from '../test-support/test-app';

type Variables = Record<string, unknown>;

/** A CloudFormation value as the deployment resolves it, with the distribution's address. */
function resolved(value: unknown, distributionDomain: string): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map((part) => resolved(part, distributionDomain)).join(join[0]);
  const getAtt = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
  if (getAtt?.[1] === 'DomainName') return distributionDomain;
  throw new Error(`Unresolved value ${JSON.stringify(value)}`);
}

describe('the app origin of a deploy with no context', () => {
  const { templates } = buildTestApp();
  const [parameter] = Object.values(resourcesOf(templates.web, 'AWS::SSM::Parameter'));
  const functions = {
    ...resourcesAcross(templates.apiRoutes, 'AWS::Lambda::Function'),
    ...resourcesOf(templates.jobs, 'AWS::Lambda::Function'),
  };
  const variablesOf = (fn: (typeof functions)[string]) =>
    (fn.Properties?.Environment as { Variables: Variables }).Variables;

  it('is written by the web stack to the fixed parameter, from the distribution', () => {
    expect(parameter?.Properties).toMatchObject({ Name: APP_ORIGIN_PARAMETER, Type: 'String' });
    expect(resolved(parameter?.Properties?.Value, 'd111111abcdef8.cloudfront.net')).toBe(
      'https://d111111abcdef8.cloudfront.net',
    );
  });

  it('resolves, at run time, to the distribution URL in every function, never to empty', async () => {
    const store = new Map([
      [
        String(parameter?.Properties?.Name),
        resolved(parameter?.Properties?.Value, 'd111111abcdef8.cloudfront.net'),
      ],
    ]);
    expect(Object.keys(functions).length).toBeGreaterThan(10);
    for (const fn of Object.values(functions)) {
      const variables = variablesOf(fn);
      if (!('APP_ORIGIN_PARAMETER' in variables)) continue;
      expect(variables.APP_ORIGIN).toBeUndefined();
      const origin = await appOriginFrom({
        explicit: '',
        parameterName: String(variables.APP_ORIGIN_PARAMETER),
        readParameter: (name) => Promise.resolve(store.get(name)),
      });
      expect(origin).toBe('https://d111111abcdef8.cloudfront.net');
    }
    const withParameter = Object.values(functions).filter(
      (fn) => variablesOf(fn).APP_ORIGIN_PARAMETER === APP_ORIGIN_PARAMETER,
    );
    expect(withParameter).toHaveLength(Object.keys(functions).length);
  });

  it('lets the functions that build links read that parameter, and only that one', () => {
    const readers = implementedRoutes()
      .filter(({ route }) => permissionsFor(route.id).includes('appOriginRead'))
      .map(({ route }) => route.id)
      .sort();
    expect(readers).toEqual([
      'addMember',
      // The security emails of turning two-factor on or off and of a recovery code used.
      'confirmTwoFactorEnrolment',
      // The emails of a workspace handed on or deleted with its members.
      'deleteAccount',
      'disableTwoFactor',
      // The webhook URL to give PagerDuty for its acknowledge and resolve events.
      'getPagerDutyBackChannel',
      'googleCallback',
      'googleSignIn',
      'openBillingPortal',
      'putPagerDutyBackChannel',
      'register',
      'requestPasswordReset',
      'resendVerification',
      // The security email of a password set with a reset link.
      'resetPassword',
      // The SAML entity id and assertion consumer service URL.
      'samlAcs',
      'samlMetadata',
      // SCIM resources' meta.location, and the base URL of ServiceProviderConfig.
      'scimCreateGroup',
      'scimCreateUser',
      'scimDeleteGroup',
      'scimDeleteUser',
      'scimGetGroup',
      'scimGetUser',
      'scimListGroups',
      'scimListUsers',
      'scimPatchGroup',
      'scimPatchUser',
      'scimReplaceGroup',
      'scimReplaceUser',
      'scimResourceTypes',
      'scimSchemas',
      'scimServiceProviderConfig',
      // The Slack app's OAuth redirect URI.
      'slackOAuthCallback',
      // The redirect URI of single sign-on.
      'ssoCallback',
      'ssoSignIn',
      'startSlackInstallation',
      // The email to the new owner of a workspace handed over ("You now own the workspace …").
      'transferWorkspaceOwnership',
      'updateAccount',
      'upgradePlan',
      'verifyTwoFactorSignIn',
    ]);
    const policies = JSON.stringify([
      ...Object.values(resourcesAcross(templates.apiRoutes, 'AWS::IAM::Policy')),
      ...Object.values(resourcesOf(templates.jobs, 'AWS::IAM::Policy')),
    ]);
    expect(policies).toContain(`:parameter${APP_ORIGIN_PARAMETER}"`);
  });
});

describe('resolving the app origin', () => {
  const never = () => Promise.reject(new Error('not read'));

  it('takes APP_ORIGIN first, as an origin', async () => {
    await expect(
      appOriginFrom({
        explicit: 'https://app.example.com/',
        parameterName: APP_ORIGIN_PARAMETER,
        readParameter: never,
      }),
    ).resolves.toBe('https://app.example.com');
  });

  it('refuses a parameter that is missing or no URL, naming it', async () => {
    await expect(
      appOriginFrom({
        explicit: '',
        parameterName: APP_ORIGIN_PARAMETER,
        readParameter: () => Promise.resolve(undefined),
      }),
    ).rejects.toThrow(/\/expiry-radar\/app-origin is missing.*deploy ExpiryRadarWeb/);
    await expect(
      appOriginFrom({
        explicit: '',
        parameterName: APP_ORIGIN_PARAMETER,
        readParameter: () => Promise.resolve('ftp://files.example.com'),
      }),
    ).rejects.toThrow(/not an http\(s\) URL/);
    await expect(
      appOriginFrom({ explicit: '', parameterName: undefined, readParameter: never }),
    ).rejects.toThrow(/neither APP_ORIGIN nor APP_ORIGIN_PARAMETER/);
  });
});
