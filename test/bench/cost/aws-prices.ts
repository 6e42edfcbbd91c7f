/**
 * The AWS list prices the cost benchmark (`npm run bench -- cost`) turns units into dollars with:
 * us-east-1, on-demand, no free tier, in US dollars. They were NOT fetched on the machine that
 * runs the benchmark (it has no internet): they are the published prices as the team last read
 * them on the pricing pages named beside each, on the date below. Check them against those pages
 * before quoting a figure, and change them here (the one place) when AWS changes them.
 */
export const AWS_PRICES_REGION = 'us-east-1';
export const AWS_PRICES_READ_ON = '2026-11-29';
export const AWS_PRICES_SOURCE =
  'the AWS pricing pages as the team last read them (not fetched on this machine: check them)';

export interface AwsPrice {
  /** US dollars per `per` units of what `unit` names. */
  readonly usd: number;
  readonly per: number;
  readonly unit: string;
  readonly page: string;
}

const DYNAMODB_PAGE = 'https://aws.amazon.com/dynamodb/pricing/on-demand/';
const LAMBDA_PAGE = 'https://aws.amazon.com/lambda/pricing/';
const CLOUDWATCH_PAGE = 'https://aws.amazon.com/cloudwatch/pricing/';
const WAF_PAGE = 'https://aws.amazon.com/waf/pricing/';

export const AWS_PRICES = {
  // On-demand after the November 2024 reduction.
  dynamoDbWriteUnits: {
    usd: 0.625,
    per: 1_000_000,
    unit: 'write request unit',
    page: DYNAMODB_PAGE,
  },
  dynamoDbReadUnits: { usd: 0.125, per: 1_000_000, unit: 'read request unit', page: DYNAMODB_PAGE },
  dynamoDbStorage: { usd: 0.25, per: 1, unit: 'GB-month', page: DYNAMODB_PAGE },
  // arm64 (every function of the deployment runs on Graviton).
  lambdaCompute: { usd: 0.0000133334, per: 1, unit: 'GB-second (arm64)', page: LAMBDA_PAGE },
  lambdaRequests: { usd: 0.2, per: 1_000_000, unit: 'request', page: LAMBDA_PAGE },
  httpApiRequests: {
    usd: 1.0,
    per: 1_000_000,
    unit: 'HTTP API request',
    page: 'https://aws.amazon.com/api-gateway/pricing/',
  },
  sqsRequests: {
    usd: 0.4,
    per: 1_000_000,
    unit: 'standard queue request',
    page: 'https://aws.amazon.com/sqs/pricing/',
  },
  sesMessages: {
    usd: 0.1,
    per: 1_000,
    unit: 'outbound email',
    page: 'https://aws.amazon.com/ses/pricing/',
  },
  cloudFrontRequests: {
    usd: 0.0075,
    per: 10_000,
    unit: 'HTTPS request (United States)',
    page: 'https://aws.amazon.com/cloudfront/pricing/',
  },
  cloudWatchAlarms: {
    usd: 0.1,
    per: 1,
    unit: 'standard-resolution alarm-month',
    page: CLOUDWATCH_PAGE,
  },
  kmsKeys: {
    usd: 1,
    per: 1,
    unit: 'customer managed key-month',
    page: 'https://aws.amazon.com/kms/pricing/',
  },
  secrets: {
    usd: 0.4,
    per: 1,
    unit: 'secret-month',
    page: 'https://aws.amazon.com/secrets-manager/pricing/',
  },
  // Standard parameters are free; advanced ones cost $0.05 a month each.
  advancedParameters: {
    usd: 0.05,
    per: 1,
    unit: 'advanced parameter-month',
    page: 'https://aws.amazon.com/systems-manager/pricing/',
  },
  wafWebAcls: { usd: 5, per: 1, unit: 'web ACL-month', page: WAF_PAGE },
  wafRules: { usd: 1, per: 1, unit: 'rule-month', page: WAF_PAGE },
  wafRequests: { usd: 0.6, per: 1_000_000, unit: 'request inspected', page: WAF_PAGE },
  logIngestion: { usd: 0.5, per: 1, unit: 'GB of logs ingested', page: CLOUDWATCH_PAGE },
  logStorage: { usd: 0.03, per: 1, unit: 'GB-month of logs stored', page: CLOUDWATCH_PAGE },
} as const satisfies Record<string, AwsPrice>;

export type PricedUnit = keyof typeof AWS_PRICES;

/** What `quantity` of `unit` costs, in US dollars. */
export function priceOf(unit: PricedUnit, quantity: number): number {
  const price: AwsPrice = AWS_PRICES[unit];
  return (quantity / price.per) * price.usd;
}
