/**
 * The HTTP API: a throttled default stage with JSON access logs, an alarm on the 5xx rate, the
 * two-factor key, and the origin secret: CloudFront sends it as a header, and the functions refuse
 * requests without it, so the API's own execute-api URL leads nowhere. The routes (one function
 * each) are deployed by one stack per area (api-routes-stack.ts) with the environment and the
 * permission targets given here.
 */
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { PLAN_PRICES_SETTING } from '@expiry-radar/shared/domain/plan-prices';
import {
  accountSecretParameters,
  appOriginEnvironment,
  isStripeConfigured,
  stripeParameters,
  type AccountContext,
  type BillingContext,
} from '../config/app-context';
import type { AppResources, PermissionTargets } from '../constructs/permission-grants';

export const API_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;
/** Percentage of requests answered 5xx that raises the alarm. */
export const API_5XX_RATE_THRESHOLD = 5;

export interface ApiStackProps extends StackProps {
  readonly resources: AppResources;
  /** The SPA's public origin when known at synth time; empty: the web stack's parameter. */
  readonly appOrigin: string;
  /** The SES configuration set the mailer sends with (email stack); none without one. */
  readonly emailConfigurationSet?: string;
  /** Account email sender and Google sign-in settings (context); empty values are left out. */
  readonly accountSettings?: AccountContext;
  /** Prices, Stripe price ids and secret parameter names (context); without ids Stripe is off. */
  readonly billingSettings?: BillingContext;
}

export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** `<api-id>.execute-api.<region>.<suffix>`: the CloudFront origin of /api/* and /auth/*. */
  readonly apiDomainName: string;
  readonly serverErrorAlarm: Alarm;
  /** CloudFront's X-Origin-Verify value; every route function may read it, nothing else. */
  readonly originSecret: Secret;
  /** The key TOTP secrets are sealed with; only the two-factor routes that need it read it. */
  readonly twoFactorKey: Secret;
  /** The environment of every route function (the same for all routes). */
  readonly routeEnvironment: Readonly<Record<string, string>>;
  /** What the route functions' permissions that name no data stack resource apply to. */
  readonly routePermissionTargets: PermissionTargets;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { resources } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Expiry Radar API, reached through CloudFront at /api/* and /auth/*',
      createDefaultStage: false,
    });

    const accessLogGroup = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogGroup),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTimeEpoch',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            responseLength: '$context.responseLength',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    this.originSecret = new Secret(this, 'OriginVerifySecret', {
      description:
        'Sent by CloudFront to the API as the X-Origin-Verify header; the API refuses requests without it',
      // Header-safe characters only; 64 of them are far beyond guessing.
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by hand (README "Deployment": put a new value, then redeploy the web stack with a new originSecretRotation): CloudFront reads the value only when its distribution is deployed, so a scheduled rotation would break the API until that deploy. The functions accept the previous value meanwhile.',
    });

    this.twoFactorKey = new Secret(this, 'TwoFactorKey', {
      description:
        'Key material the API seals TOTP secrets with (AES-256-GCM under a key derived with HKDF)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      // Without it no enrolled user could sign in: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.twoFactorKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by hand (README "Deployment"): the functions open secrets sealed with the current or the previous version only, so a scheduled rotation would make older enrolments unreadable after its second run.',
    });

    this.routeEnvironment = {
      TABLE_NAME: resources.table.tableName,
      ALERT_QUEUE_URL: resources.alertQueue.queueUrl,
      ALERT_DLQ_URL: resources.deadLetterQueue.queueUrl,
      // A monitored certificate marked renewed from an alert's link, and endpoints just saved, are
      // checked now.
      ENDPOINT_CHECK_QUEUE_URL: resources.endpointCheckQueue.queueUrl,
      // A "Sync now" too large for its request goes on in the integration sync worker.
      INTEGRATION_SYNC_QUEUE_URL: resources.integrationSyncQueue.queueUrl,
      APP_ENV: 'production',
      ...appOriginEnvironment(props.appOrigin),
      ...(props.emailConfigurationSet
        ? { EMAIL_CONFIGURATION_SET: props.emailConfigurationSet }
        : {}),
      // The secret's ARN, never its value: the functions read it at cold start.
      ORIGIN_VERIFY_SECRET_ARN: this.originSecret.secretArn,
      TWO_FACTOR_KEY_SECRET_ARN: this.twoFactorKey.secretArn,
      ALERT_LINK_KEY_SECRET_ARN: resources.alertLinkKey.secretArn,
      INTEGRATION_CREDENTIALS_KMS_KEY_ID: resources.integrationCredentialsKey.keyArn,
      // The account customers' AWS discovery roles trust (the Integrations page's template).
      DISCOVERY_ACCOUNT_ID: this.account,
      GCP_FEDERATION_ROLE_ARN: resources.gcpFederationRole.roleArn,
      POWERTOOLS_SERVICE_NAME: 'expiry-radar',
      POWERTOOLS_LOG_LEVEL: 'INFO',
      ...accountEnvironment(props.accountSettings),
      ...billingEnvironment(props.billingSettings),
    };
    this.routePermissionTargets = {
      originSecret: this.originSecret,
      twoFactorKey: this.twoFactorKey,
      ...(props.emailConfigurationSet
        ? { emailConfigurationSet: props.emailConfigurationSet }
        : {}),
      stripeParameters: props.billingSettings ? stripeParameters(props.billingSettings) : undefined,
      secretParameters: accountSecretParameters(props.accountSettings),
    };

    const period = Duration.minutes(5);
    this.serverErrorAlarm = new Alarm(this, 'ServerErrorRateAlarm', {
      alarmDescription: `More than ${API_5XX_RATE_THRESHOLD}% of API requests answered 5xx in two of three 5-minute periods.`,
      metric: new MathExpression({
        label: '5xx rate (%)',
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: this.httpApi.metricServerError({ period, statistic: Stats.SUM }),
          requests: this.httpApi.metricCount({ period, statistic: Stats.SUM }),
        },
        period,
      }),
      threshold: API_5XX_RATE_THRESHOLD,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}

function accountEnvironment(settings: ApiStackProps['accountSettings']): Record<string, string> {
  if (!settings) return {};
  return {
    ...(settings.emailFrom ? { EMAIL_FROM: settings.emailFrom } : {}),
    ...(settings.googleClientId
      ? {
          GOOGLE_CLIENT_ID: settings.googleClientId,
          GOOGLE_CLIENT_SECRET_PARAMETER: settings.googleClientSecretParameter,
        }
      : {}),
    ...(settings.slackClientId
      ? {
          SLACK_CLIENT_ID: settings.slackClientId,
          SLACK_CLIENT_SECRET_PARAMETER: settings.slackClientSecretParameter,
          SLACK_SIGNING_SECRET_PARAMETER: settings.slackSigningSecretParameter,
        }
      : {}),
  };
}

/**
 * Prices and Stripe's settings for every function (the plan route reports the billing mode, the
 * prices route answers the prices): PLAN_PRICES when the prices are configured, and the names of
 * the Stripe secret parameters (never the secrets) when Stripe is on.
 */
export function billingEnvironment(settings: BillingContext | undefined): Record<string, string> {
  if (!settings) return {};
  return {
    ...(settings.planPrices ? { [PLAN_PRICES_SETTING]: JSON.stringify(settings.planPrices) } : {}),
    ...(isStripeConfigured(settings)
      ? {
          STRIPE_SECRET_KEY_PARAMETER: settings.stripeSecretKeyParameter,
          STRIPE_WEBHOOK_SECRET_PARAMETER: settings.stripeWebhookSecretParameter,
        }
      : {}),
  };
}
