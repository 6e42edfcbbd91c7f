/**
 * The distribution's access logs (CloudFront standard logging v2) in the log bucket, with the
 * fields chosen so that no secret reaches them: a request's query string carries the calendar
 * feed's key, the verification, reset and unsubscribe links' tokens; its cookies the session;
 * its Referer the page's own query. The legacy standard logs write all three and cannot leave
 * them out, so the distribution has none.
 *
 * CloudFront delivers v2 logs through a CloudWatch Logs delivery source that must be created in
 * us-east-1: the three resources exist only when the stack is deployed there (a condition on the
 * region, as stacks are region-agnostic). Elsewhere the distribution keeps no access logs; the
 * API's own access logs (route, status, latency: no query string) still record every API call.
 */
import { Aws, CfnCondition, Fn } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnDelivery, CfnDeliveryDestination, CfnDeliverySource } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** The only region where CloudFront's log delivery source can be created. */
export const CLOUDFRONT_LOG_DELIVERY_REGION = 'us-east-1';

/** The log bucket's folder of the distribution's access logs. */
export const CLOUDFRONT_LOG_PREFIX = 'cloudfront';

/**
 * What each request's line records. Left out on purpose: `cs-uri-query` (link tokens, feed
 * keys), `cs(Cookie)` (the session), `cs(Referer)` (the referring page's query).
 */
export const CLOUDFRONT_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'c-ip',
  'c-port',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'sc-bytes',
  'cs-bytes',
  'time-taken',
  'time-to-first-byte',
  'cs(User-Agent)',
  'x-edge-result-type',
  'x-edge-response-result-type',
  'x-edge-detailed-result-type',
  'x-edge-request-id',
  'x-host-header',
  'x-forwarded-for',
  'cs-protocol',
  'cs-protocol-version',
  'ssl-protocol',
  'ssl-cipher',
  'sc-content-type',
  'sc-content-len',
] as const;

/** Fields whose values may hold a secret of a request; never in CLOUDFRONT_LOG_FIELDS. */
export const SECRET_BEARING_LOG_FIELDS = ['cs-uri-query', 'cs(Cookie)', 'cs(Referer)'] as const;

export interface CloudFrontAccessLogsProps {
  readonly distribution: IDistribution;
  readonly logBucket: Bucket;
}

export class CloudFrontAccessLogs extends Construct {
  constructor(scope: Construct, id: string, props: CloudFrontAccessLogsProps) {
    super(scope, id);
    const { distribution, logBucket } = props;
    const inDeliveryRegion = new CfnCondition(this, 'InDeliveryRegion', {
      expression: Fn.conditionEquals(Aws.REGION, CLOUDFRONT_LOG_DELIVERY_REGION),
    });
    const stack = logBucket.stack;

    // CloudWatch Logs writes the files as the log delivery service, for this account's sources.
    logBucket.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [logBucket.arnForObjects(`${CLOUDFRONT_LOG_PREFIX}/*`)],
        conditions: {
          StringEquals: {
            's3:x-amz-acl': 'bucket-owner-full-control',
            'aws:SourceAccount': Aws.ACCOUNT_ID,
          },
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'logs',
              region: CLOUDFRONT_LOG_DELIVERY_REGION,
              resource: 'delivery-source',
              resourceName: '*',
            }),
          },
        },
      }),
    );

    const source = new CfnDeliverySource(this, 'Source', {
      name: `${stack.stackName}-cloudfront`,
      logType: 'ACCESS_LOGS',
      resourceArn: distribution.distributionArn,
    });
    const destination = new CfnDeliveryDestination(this, 'Destination', {
      name: `${stack.stackName}-cloudfront-logs`,
      destinationResourceArn: `${logBucket.bucketArn}/${CLOUDFRONT_LOG_PREFIX}`,
      outputFormat: 'w3c',
    });
    const delivery = new CfnDelivery(this, 'Delivery', {
      deliverySourceName: source.name,
      deliveryDestinationArn: destination.attrArn,
      recordFields: [...CLOUDFRONT_LOG_FIELDS],
    });
    delivery.addResourceDependency(source);
    if (logBucket.policy) delivery.node.addDependency(logBucket.policy);
    for (const resource of [source, destination, delivery]) {
      resource.cfnOptions.condition = inDeliveryRegion;
    }
  }
}
