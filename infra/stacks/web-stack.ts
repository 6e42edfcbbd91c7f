/**
 * The web front: a private S3 bucket with the built SPA and `/config.json`, behind CloudFront.
 * `/api/*` and `/auth/*` go to the HTTP API uncached, with cookies, query strings, the headers the
 * API reads and the viewer's address forwarded, plus the origin secret header the API requires.
 * The SPA fallback is a viewer-request function on the S3 behaviour only, so API 404s stay API
 * 404s. With a web ACL (WAF stack, us-east-1) the distribution is attached to it. With a custom
 * domain, CloudFront serves it with its certificate under TLSv1.2_2021, and Route 53 alias
 * records point it at the distribution when its zone is known. The app's origin (the custom
 * domain, else the distribution's URL) is written to an SSM parameter the functions read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  Annotations,
  DefaultStackSynthesizer,
  Duration,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Certificate, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { APP_ORIGIN_PARAMETER } from '@expiry-radar/functions/adapters/app-origin';
import { VIEWER_ADDRESS_HEADER } from '@expiry-radar/functions/http/pipeline/client-ip';
import { CSRF_HEADER } from '@expiry-radar/functions/http/pipeline/csrf-token';
import { FORWARDED_AUTHORIZATION_HEADER } from '@expiry-radar/functions/http/pipeline/api-key-header';
import { ORIGIN_VERIFY_HEADER } from '@expiry-radar/functions/http/pipeline/middleware/origin-verify';
import {
  contentSecurityPolicy,
  PERMISSIONS_POLICY,
} from '@expiry-radar/shared/constants/web-security-headers';
import type { AppContext, DomainContext } from '../config/app-context';
import { REPO_ROOT } from '../constructs/app-function';
import { CloudFrontAccessLogs } from '../constructs/cloudfront-access-logs';
import { nagAccount, nagRegion } from '../constructs/nag-findings';

/** The API's paths: the product's, sign-in's and SCIM's (identity providers provision here). */
export const API_PATH_PATTERNS = ['/api/*', '/auth/*', '/scim/*'] as const;

/**
 * The viewer headers CloudFront passes to the API (besides every cookie and query string): the
 * ones the handlers read, and CloudFront's viewer address for per-IP rate limits. Host is left
 * out on purpose: API Gateway needs its own. A handler that reads a new header adds it here.
 */
export const API_FORWARDED_HEADERS = [
  VIEWER_ADDRESS_HEADER,
  CSRF_HEADER,
  // An API key's `Authorization: Bearer er_…`, as the API's viewer-request function copies it.
  FORWARDED_AUTHORIZATION_HEADER,
  'stripe-signature',
  'content-type',
  // A conditional write's precondition (shared/api/entity-tags).
  'if-match',
  'accept',
  'origin',
  'sec-fetch-site',
  'user-agent',
] as const;

/**
 * Viewer-request function of the S3 behaviour: a path whose last segment has no extension is a
 * client-side route of the SPA and gets index.html. Files (with an extension) pass unchanged.
 */
export const SPA_REWRITE_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * Viewer-request function of the API behaviours: CloudFront does not forward `Authorization` to an
 * uncached origin, so an API key's header travels as FORWARDED_AUTHORIZATION_HEADER; a value a
 * viewer set in that header itself is dropped.
 */
export const API_AUTHORIZATION_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var authorization = request.headers['authorization'];
  delete request.headers['${FORWARDED_AUTHORIZATION_HEADER}'];
  if (authorization) {
    request.headers['${FORWARDED_AUTHORIZATION_HEADER}'] = { value: authorization.value };
  }
  return request;
}`;

/** The SPA's runtime settings as it reads them from /config.json. */
export function runtimeConfig(context: AppContext): Record<string, string> {
  return {
    // Same origin: CloudFront serves the API under /api/* and /auth/*.
    apiBaseUrl: '',
    analyticsKey: context.analyticsKey,
    analyticsHost: context.analyticsHost,
    paymentPublishableKey: context.paymentPublishableKey,
    supportEmail: context.supportEmail,
    communityChatUrl: context.communityChatUrl,
  };
}

export interface WebStackProps extends StackProps {
  /** `<api-id>.execute-api.<region>.<suffix>` of the HTTP API. */
  readonly apiDomainName: string;
  /** Sent to the API as the X-Origin-Verify header (resolved by CloudFormation at deploy time). */
  readonly originSecret: ISecret;
  /**
   * Changing it redeploys the distribution, so CloudFront picks up a rotated origin secret.
   * @default '' (no rotation yet)
   */
  readonly originSecretRotation?: string;
  /** The WAF web ACL (CLOUDFRONT scope, us-east-1) to attach; none when undefined. */
  readonly webAclArn?: string;
  readonly context: AppContext;
  /** The custom domain; none (the `*.cloudfront.net` address) when its domainName is empty. */
  readonly domain?: DomainContext;
  /** The custom domain's certificate made by the certificate stack (else domain.certificateArn). */
  readonly certificate?: ICertificate;
  /** @default web/dist of this repository; skipped (with a warning) when it has no index.html */
  readonly webDistDir?: string;
}

export class WebStack extends Stack {
  readonly siteBucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  readonly spaRewriteFunction: CloudFrontFunction;
  readonly apiAuthorizationFunction: CloudFrontFunction;
  readonly apiOriginRequestPolicy: OriginRequestPolicy;
  /** The app's origin as the functions read it (APP_ORIGIN_PARAMETER). */
  readonly appOriginParameter: StringParameter;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    this.logBucket = new Bucket(this, 'LogBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // The site bucket's S3 server access logs are written with the bucket's ACL.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket is the access-log destination of the site bucket and CloudFront; logging it into itself would loop.',
    });

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3-access/',
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Expiry Radar security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365 * 2),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(props.context),
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
        ],
      },
    });

    this.spaRewriteFunction = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Extension-less paths of the SPA get /index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE_FUNCTION_CODE),
    });

    this.apiAuthorizationFunction = new CloudFrontFunction(this, 'ApiAuthorization', {
      comment: 'API keys: Authorization travels to the API as ' + FORWARDED_AUTHORIZATION_HEADER,
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(API_AUTHORIZATION_FUNCTION_CODE),
    });

    this.apiOriginRequestPolicy = new OriginRequestPolicy(this, 'ApiOriginRequest', {
      comment: 'Expiry Radar API: cookies, query strings, the headers it reads, the viewer address',
      cookieBehavior: OriginRequestCookieBehavior.all(),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      headerBehavior: OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS),
    });

    const apiBehavior: BehaviorOptions = {
      origin: new HttpOrigin(props.apiDomainName, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
        customHeaders: {
          // A dynamic reference: CloudFormation reads the value at deploy time; the template
          // holds only the secret's ARN.
          [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap(),
        },
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: this.apiOriginRequestPolicy,
      responseHeadersPolicy: securityHeaders,
      compress: true,
      functionAssociations: [
        { function: this.apiAuthorizationFunction, eventType: FunctionEventType.VIEWER_REQUEST },
      ],
    };

    const rotation = props.originSecretRotation ?? '';
    const domainName = props.domain?.domainName ?? '';
    const certificate = domainName ? this.certificateOf(props) : undefined;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: rotation ? `Expiry Radar (origin secret ${rotation})` : 'Expiry Radar',
      ...(certificate
        ? {
            domainNames: [domainName],
            certificate,
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [
          { function: this.spaRewriteFunction, eventType: FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: Object.fromEntries(
        API_PATH_PATTERNS.map((pattern) => [pattern, apiBehavior]),
      ),
    });
    new CloudFrontAccessLogs(this, 'AccessLogs', {
      distribution: this.distribution,
      logBucket: this.logBucket,
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR3',
      reason:
        'Access logs are standard logging v2 (constructs/cloudfront-access-logs.ts), which this rule does not see: the legacy logs it asks for would record query strings (link tokens, calendar keys) and cookies.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'The product is offered worldwide, to individual accounts and teams anywhere; no geo restriction is wanted.',
    });
    if (!certificate) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate (no custom domain: context domainName), whose security policy CloudFront fixes at TLSv1; a custom domain with an ACM certificate and TLSv1.2_2021 replaces it.',
      });
    }
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'WAF is off in this deployment (context wafEnabled, see README): the API enforces per-route rate limits (login, register, reset, test-webhook), counts them per viewer address, and its stage is throttled. Setting wafEnabled attaches a web ACL.',
      });
    }

    if (domainName && props.domain?.hostedZoneId) this.aliasRecords(props.domain);
    this.appOriginParameter = new StringParameter(this, 'AppOrigin', {
      parameterName: APP_ORIGIN_PARAMETER,
      description: 'The origin Expiry Radar is served from; its functions build links on it',
      stringValue:
        props.context.appOrigin ||
        `https://${domainName || this.distribution.distributionDomainName}`,
    });

    this.deploySite(props);
  }

  private certificateOf(props: WebStackProps): ICertificate {
    if (props.certificate) return props.certificate;
    const arn = props.domain?.certificateArn;
    if (!arn) throw new Error('A custom domain needs a certificate or a certificateArn');
    return Certificate.fromCertificateArn(this, 'Certificate', arn);
  }

  /** The custom domain's A and AAAA alias records (IPv4 and IPv6), to the distribution. */
  private aliasRecords(domain: DomainContext): void {
    const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
      hostedZoneId: domain.hostedZoneId,
      zoneName: domain.hostedZoneName,
    });
    const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
    const recordName = `${domain.domainName}.`;
    new ARecord(this, 'AliasRecord', { zone, recordName, target });
    new AaaaRecord(this, 'AliasRecordIpv6', { zone, recordName, target });
  }

  private deploySite(props: WebStackProps): void {
    const distDir = props.webDistDir ?? path.join(REPO_ROOT, 'web', 'dist');
    const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
    const deploymentLogs = new LogGroup(this, 'DeploymentLogs', {
      retention: RetentionDays.ONE_MONTH,
    });
    const common = {
      destinationBucket: this.siteBucket,
      distribution: this.distribution,
      logGroup: deploymentLogs,
      memoryLimit: 512,
    };

    if (hasBuild) {
      // Hashed bundles and static files; index.html and config.json are the shell below.
      new BucketDeployment(this, 'DeploySite', {
        ...common,
        sources: [Source.asset(distDir)],
        exclude: ['index.html', 'config.json'],
        prune: true,
        cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(7))],
        distributionPaths: ['/*'],
      });
    } else {
      Annotations.of(this).addWarningV2(
        'expiry-radar:web-build-missing',
        `No web build at ${distDir}: the SPA is not deployed. Run \`npm run build -w web\` before deploying.`,
      );
    }

    // Always revalidated, so a deploy takes effect at once: the HTML shell and runtime settings.
    new BucketDeployment(this, 'DeployShell', {
      ...common,
      sources: [
        ...(hasBuild ? [Source.asset(distDir)] : []),
        Source.jsonData('config.json', runtimeConfig(props.context)),
      ],
      exclude: ['*'],
      include: ['index.html', 'config.json'],
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distributionPaths: ['/index.html', '/config.json'],
    });
    this.acknowledgeDeploymentHandler();
  }

  /** BucketDeployment runs one CDK-provided singleton function per stack; its findings are CDK's. */
  private acknowledgeDeploymentHandler(): void {
    const handler = this.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (!handler) throw new Error('BucketDeployment handler not found in the web stack');
    const cdkManaged =
      'CDK BucketDeployment custom resource, provided and maintained by aws-cdk-lib';
    const validations = Validations.of(handler);
    validations.acknowledge(
      {
        id: 'AwsSolutions-L1',
        reason: `${cdkManaged}: its runtime is chosen by the library, not configurable.`,
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: `${cdkManaged}: the library attaches the basic execution role to its own function; it writes logs only.`,
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: `${cdkManaged}: cloudfront:CreateInvalidation and GetInvalidation are granted on * by the library to invalidate this distribution after a deploy.`,
      },
    );
    const bucketWildcards = [
      'Action::s3:GetObject*',
      'Action::s3:GetBucket*',
      'Action::s3:List*',
      'Action::s3:DeleteObject*',
      'Action::s3:Abort*',
      `Resource::arn:<AWS::Partition>:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${nagAccount(this)}-${nagRegion(this)}/*`,
      `Resource::<${this.getLogicalId(this.siteBucket.node.defaultChild as CfnBucket)}.Arn>/*`,
    ];
    for (const finding of bucketWildcards) {
      validations.acknowledge({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason: `${cdkManaged}: it reads the CDK asset bucket and syncs (puts, deletes) objects of the site bucket only; object-level wildcards are inherent to a sync.`,
      });
    }
  }
}
