import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { App } from 'aws-cdk-lib';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import { VIEWER_ADDRESS_HEADER } from '@expiry-radar/functions/http/pipeline/client-ip';
import { CSRF_HEADER } from '@expiry-radar/functions/http/pipeline/csrf-token';
import { ORIGIN_VERIFY_HEADER } from '@expiry-radar/functions/http/pipeline/middleware/origin-verify';
import { readAppContext } from '../config/app-context';
import {
  CLOUDFRONT_LOG_FIELDS,
  SECRET_BEARING_LOG_FIELDS,
} from '../constructs/cloudfront-access-logs';
import { buildTestApp, resourcesOf } from '../test-support/test-app';
import { contentSecurityPolicy } from '@expiry-radar/shared/constants/web-security-headers';
import { FORWARDED_AUTHORIZATION_HEADER } from '@expiry-radar/functions/http/pipeline/api-key-header';
import {
  API_AUTHORIZATION_FUNCTION_CODE,
  API_FORWARDED_HEADERS,
  API_PATH_PATTERNS,
  SPA_REWRITE_FUNCTION_CODE,
  runtimeConfig,
} from './web-stack';

const { templates, stacks } = buildTestApp();
const web = templates.web;

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  AllowedMethods?: string[];
  FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
}
interface DistributionConfig {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  CustomErrorResponses?: unknown;
  Origins: {
    Id: string;
    S3OriginConfig?: unknown;
    CustomOriginConfig?: unknown;
    OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
  }[];
  WebACLId?: unknown;
}
const [distribution] = Object.values(resourcesOf(web, 'AWS::CloudFront::Distribution'));
const config = distribution?.Properties?.DistributionConfig as DistributionConfig;
const originOf = (behavior: Behavior) =>
  config.Origins.find((origin) => origin.Id === behavior.TargetOriginId);

describe('web stack: buckets', () => {
  it('keeps every bucket private, encrypted and TLS-only', () => {
    const buckets = Object.values(resourcesOf(web, 'AWS::S3::Bucket'));
    expect(buckets.length).toBeGreaterThan(0);
    for (const bucket of buckets) {
      expect(bucket.Properties).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: expect.anything() as unknown,
      });
    }
    for (const policy of Object.values(resourcesOf(web, 'AWS::S3::BucketPolicy'))) {
      expect(JSON.stringify(policy.Properties?.PolicyDocument)).toContain('aws:SecureTransport');
    }
  });

  it('logs access to the site bucket', () => {
    const siteBucket: unknown = stacks.web.resolve(stacks.web.siteBucket.bucketName);
    expect(siteBucket).toBeDefined();
    web.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: {
        DestinationBucketName: Match.anyValue(),
        LogFilePrefix: 's3-access/',
      },
    });
  });
});

describe('web stack: CloudFront access logs', () => {
  const conditionOf = (type: string) => {
    const resources = Object.values(resourcesOf(web, type));
    expect(resources).toHaveLength(1);
    return (resources[0] as { Condition?: string }).Condition;
  };

  it('keeps no legacy standard logs, which would record query strings and cookies', () => {
    expect(JSON.stringify(config)).not.toContain('"Logging"');
  });

  it('delivers v2 logs to the log bucket without a field that can hold a secret', () => {
    web.hasResourceProperties('AWS::Logs::DeliverySource', {
      LogType: 'ACCESS_LOGS',
      ResourceArn: Match.anyValue(),
    });
    web.hasResourceProperties('AWS::Logs::DeliveryDestination', { OutputFormat: 'w3c' });
    const [delivery] = Object.values(resourcesOf(web, 'AWS::Logs::Delivery'));
    const fields = delivery?.Properties?.RecordFields as string[];
    expect(fields).toEqual([...CLOUDFRONT_LOG_FIELDS]);
    expect(fields).toEqual(expect.arrayContaining(['cs-uri-stem', 'sc-status', 'c-ip']));
    for (const secretBearing of SECRET_BEARING_LOG_FIELDS) {
      expect(fields).not.toContain(secretBearing);
    }
  });

  it('creates the delivery only in us-east-1, the one region CloudFront delivers from', () => {
    const condition = conditionOf('AWS::Logs::DeliverySource');
    expect(condition).toBeDefined();
    expect(conditionOf('AWS::Logs::DeliveryDestination')).toBe(condition);
    expect(conditionOf('AWS::Logs::Delivery')).toBe(condition);
    const { Conditions: conditions } = web.toJSON() as { Conditions: Record<string, unknown> };
    expect(conditions[condition!]).toEqual({
      'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'],
    });
  });

  it('lets the log delivery service write the files, for this account only', () => {
    const policies = JSON.stringify(resourcesOf(web, 'AWS::S3::BucketPolicy'));
    expect(policies).toContain('delivery.logs.amazonaws.com');
    expect(policies).toContain('aws:SourceAccount');
    expect(policies).toContain(':delivery-source/*');
  });
});

describe('web stack: CloudFront', () => {
  it.each(API_PATH_PATTERNS.map((pattern) => [pattern]))(
    '%s goes to the API uncached, with cookies, query strings and headers, all methods',
    (pattern) => {
      const behavior = config.CacheBehaviors.find((b) => b.PathPattern === pattern);
      expect(behavior).toBeDefined();
      if (!behavior) return;
      expect(behavior.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
      expect(behavior.OriginRequestPolicyId).toEqual(
        stacks.web.resolve(stacks.web.apiOriginRequestPolicy.originRequestPolicyId),
      );
      expect(behavior.AllowedMethods).toEqual(
        expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
      );
      // The API key header's copy (CloudFront never forwards Authorization to this origin).
      const functionArn: unknown = stacks.web.resolve(
        stacks.web.apiAuthorizationFunction.functionArn,
      );
      expect(behavior.FunctionAssociations).toEqual([
        { EventType: 'viewer-request', FunctionARN: functionArn },
      ]);
      expect(originOf(behavior)?.CustomOriginConfig).toBeDefined();
      expect(JSON.stringify(originOf(behavior))).toContain('.execute-api.');
    },
  );

  it('serves the default behaviour from S3 with the SPA rewrite on viewer-request', () => {
    const behavior = config.DefaultCacheBehavior;
    expect(originOf(behavior)?.S3OriginConfig).toBeDefined();
    const functionArn: unknown = stacks.web.resolve(stacks.web.spaRewriteFunction.functionArn);
    expect(behavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: functionArn },
    ]);
    web.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: SPA_REWRITE_FUNCTION_CODE,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
  });

  it('forwards cookies, query strings, the headers the API reads and the viewer address', () => {
    const [policy] = Object.values(resourcesOf(web, 'AWS::CloudFront::OriginRequestPolicy'));
    const policyConfig = policy?.Properties?.OriginRequestPolicyConfig as {
      CookiesConfig: { CookieBehavior: string };
      QueryStringsConfig: { QueryStringBehavior: string };
      HeadersConfig: { HeaderBehavior: string; Headers: string[] };
    };
    expect(policyConfig.CookiesConfig.CookieBehavior).toBe('all');
    expect(policyConfig.QueryStringsConfig.QueryStringBehavior).toBe('all');
    expect(policyConfig.HeadersConfig.HeaderBehavior).toBe('whitelist');
    const headers = policyConfig.HeadersConfig.Headers.map((header) => header.toLowerCase());
    expect(headers).toEqual(
      expect.arrayContaining([
        VIEWER_ADDRESS_HEADER,
        CSRF_HEADER,
        FORWARDED_AUTHORIZATION_HEADER,
        'stripe-signature',
        'content-type',
        'if-match',
      ]),
    );
    expect(headers).toEqual([...API_FORWARDED_HEADERS]);
    // API Gateway answers only to its own Host; CloudFront's origin secret is not a viewer's.
    expect(headers).not.toContain('host');
    expect(headers).not.toContain(ORIGIN_VERIFY_HEADER);
    // CloudFront's default quota of headers in an origin request policy.
    expect(headers.length).toBeLessThanOrEqual(10);
  });

  it('sends the origin secret to the API, as a deploy-time reference to the api stack secret', () => {
    const apiOrigins = config.Origins.filter((origin) => origin.CustomOriginConfig);
    expect(apiOrigins).toHaveLength(1);
    const headers = apiOrigins[0]?.OriginCustomHeaders ?? [];
    expect(headers.map((header) => header.HeaderName.toLowerCase())).toEqual([
      ORIGIN_VERIFY_HEADER,
    ]);
    const value = JSON.stringify(headers[0]?.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toMatch(/"Fn::ImportValue":"ExpiryRadarApi:ExportsOutputRefOriginVerifySecret/);
    // The S3 origin gets no secret.
    const s3Origin = config.Origins.find((origin) => origin.S3OriginConfig);
    expect(s3Origin?.OriginCustomHeaders).toBeUndefined();
  });

  it('redeploys the distribution when the origin secret is rotated', () => {
    const { templates: rotated } = buildTestApp({ originSecretRotation: '2030-01' });
    const [rotatedDistribution] = Object.values(
      resourcesOf(rotated.web, 'AWS::CloudFront::Distribution'),
    );
    const rotatedConfig = rotatedDistribution?.Properties?.DistributionConfig as {
      Comment: string;
    };
    expect(rotatedConfig.Comment).toContain('2030-01');
    expect((config as unknown as { Comment: string }).Comment).toBe('Expiry Radar');
  });

  it('has no distribution-wide error responses (API 404s stay 404s)', () => {
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('sends security headers', () => {
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: Match.objectLike({ ReferrerPolicy: 'strict-origin-when-cross-origin' }),
          ContentSecurityPolicy: Match.objectLike({
            ContentSecurityPolicy: contentSecurityPolicy({ analyticsHost: '' }),
          }),
        }),
      }),
    });
  });

  it("lets the deployed pages show data: images (the two-factor setup's QR code)", () => {
    const [policy] = Object.values(resourcesOf(web, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const csp = (
      policy?.Properties?.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: string } };
      }
    ).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    const imgSrc = csp.split('; ').find((directive) => directive.startsWith('img-src '));
    expect(imgSrc?.split(' ')).toContain('data:');
  });

  it('switches off browser features the app does not use with a Permissions-Policy', () => {
    const [policy] = Object.values(resourcesOf(web, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const custom = (
      policy?.Properties?.ResponseHeadersPolicyConfig as {
        CustomHeadersConfig: { Items: { Header: string; Value: string; Override: boolean }[] };
      }
    ).CustomHeadersConfig.Items;
    const permissionsPolicy = custom.find((header) => header.Header === 'Permissions-Policy');
    expect(permissionsPolicy?.Override).toBe(true);
    const directives = permissionsPolicy?.Value.split(', ') ?? [];
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(directives).toContain(`${feature}=()`);
    }
  });
});

describe('web stack: SPA rewrite function', () => {
  const rewrite = (uri: string): string => {
    const sandbox: { result?: { uri: string } } = {};
    vm.runInNewContext(
      `${SPA_REWRITE_FUNCTION_CODE}\nresult = handler({ request: { uri: ${JSON.stringify(uri)} } });`,
      sandbox,
    );
    return sandbox.result?.uri ?? '';
  };

  it.each([
    ['/', '/index.html'],
    ['/dashboard', '/index.html'],
    ['/tokens/0b7c7a52-1d2e-4d1c-9a0e-3c5f1e2d4b6a', '/index.html'],
    ['/verify-email', '/index.html'],
    ['/assets/index-abc123.js', '/assets/index-abc123.js'],
    ['/config.json', '/config.json'],
    ['/favicon.svg', '/favicon.svg'],
  ])('%s -> %s', (uri, expected) => {
    expect(rewrite(uri)).toBe(expected);
  });
});

describe('web stack: API authorization function', () => {
  const viewerRequest = (headers: Record<string, { value: string }>) => {
    const sandbox: { result?: { headers: Record<string, { value: string }> } } = {};
    vm.runInNewContext(
      `${API_AUTHORIZATION_FUNCTION_CODE}\nresult = handler({ request: { headers: ${JSON.stringify(headers)} } });`,
      sandbox,
    );
    return sandbox.result?.headers ?? {};
  };

  it("copies an API key's Authorization header into the forwarded one", () => {
    expect(viewerRequest({ authorization: { value: 'Bearer er_abc' } })).toEqual({
      authorization: { value: 'Bearer er_abc' },
      [FORWARDED_AUTHORIZATION_HEADER]: { value: 'Bearer er_abc' },
    });
  });

  it('drops a forwarded header a viewer sent itself', () => {
    expect(
      viewerRequest({ [FORWARDED_AUTHORIZATION_HEADER]: { value: 'Bearer er_forged' } }),
    ).toEqual({});
  });

  it('is deployed as a CloudFront function', () => {
    web.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: API_AUTHORIZATION_FUNCTION_CODE,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
  });
});

describe('web stack: runtime settings', () => {
  const context = {
    appOrigin: '',
    analyticsKey: 'phc_key',
    analyticsHost: 'https://eu.i.posthog.com',
    paymentPublishableKey: 'pk_test_123',
    supportEmail: 'help@example.com',
    communityChatUrl: 'https://chat.example.com/invite',
  };

  it('writes /config.json from context values, same-origin API', () => {
    expect(runtimeConfig(context)).toEqual({
      apiBaseUrl: '',
      analyticsKey: 'phc_key',
      analyticsHost: 'https://eu.i.posthog.com',
      paymentPublishableKey: 'pk_test_123',
      supportEmail: 'help@example.com',
      communityChatUrl: 'https://chat.example.com/invite',
    });
  });

  it('reads the support address and community chat from context, empty when unset', () => {
    const read = (values: Record<string, unknown>) =>
      readAppContext(new App({ context: values }).node);
    expect(read({})).toMatchObject({ supportEmail: '', communityChatUrl: '' });
    expect(
      read({ supportEmail: ' help@example.com ', communityChatUrl: 'https://chat.example.com' }),
    ).toMatchObject({
      supportEmail: 'help@example.com',
      communityChatUrl: 'https://chat.example.com',
    });
    expect(() => read({ supportEmail: 'support' })).toThrow(
      'Context value "supportEmail" must be an email address',
    );
    expect(() => read({ communityChatUrl: 'http://chat.example.com' })).toThrow(
      'Context value "communityChatUrl" must be an https URL',
    );
    expect(() => read({ communityChatUrl: 'chat' })).toThrow(
      'Context value "communityChatUrl" must be a URL',
    );
  });

  it('serves /config.json and index.html with no-cache', () => {
    web.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['index.html', 'config.json'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: false,
    });
  });

  it('skips the SPA upload with a warning when there is no web build', () => {
    const missing = path.join(os.tmpdir(), 'expiry-radar-no-such-dist');
    const { stacks: withoutBuild, templates: withoutBuildTemplates } = buildTestApp(
      {},
      { webDistDir: missing },
    );
    Annotations.fromStack(withoutBuild.web).hasWarning('*', Match.stringLikeRegexp('No web build'));
    const deployments = Object.values(
      resourcesOf(withoutBuildTemplates.web, 'Custom::CDKBucketDeployment'),
    );
    expect(deployments).toHaveLength(1);
  });
});
