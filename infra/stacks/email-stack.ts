/**
 * Sending email with SES: the sender's domain as an SES identity with Easy DKIM (its three CNAME
 * records in Route 53 when the domain is in the given zone, else printed as outputs to add by
 * hand), a configuration set every email is sent with, and its bounce and complaint events
 * published to an SNS topic whose subscriber (jobs/email-feedback.ts) puts the address on the
 * suppression list in the table. Created only with the context value `emailFrom`.
 *
 * Retention: nothing here holds data of its own (the suppression list is in the table), so the
 * identity, the configuration set and the topic go with the stack; deleting the identity stops
 * sending until a new one is verified again. The topic's key is retained, as every KMS key of the
 * app (CloudFormation schedules a key's deletion; nothing can be read with it after that).
 */
import * as path from 'node:path';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { CnameRecord, HostedZone } from 'aws-cdk-lib/aws-route53';
import {
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { jobPermissions } from '../config/job-permissions';
import { AppFunction, REPO_ROOT } from '../constructs/app-function';
import type { AppResources } from '../constructs/permission-grants';

/**
 * The configuration set's name, fixed so that the api and jobs stacks name it in their functions'
 * environment and IAM statements without a reference to this stack.
 */
export const EMAIL_CONFIGURATION_SET_NAME = 'expiry-radar';

/** The domain of an address (`no-reply@example.com` -> `example.com`), lower case. */
export function senderDomain(address: string): string {
  const domain = address.split('@')[1]?.trim().toLowerCase() ?? '';
  if (!/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain)) {
    throw new Error(`emailFrom (${address}) must be an address on a domain SES can verify`);
  }
  return domain;
}

/** True when `domain` is the zone's name or below it. */
export function isInZone(domain: string, zoneName: string): boolean {
  return domain === zoneName || domain.endsWith(`.${zoneName}`);
}

export interface EmailStackProps extends StackProps {
  /** The sender's address (no display name). */
  readonly senderAddress: string;
  /** The Route 53 zone for the DKIM records; without it (or outside it) they are outputs. */
  readonly hostedZone?: { readonly id: string; readonly name: string };
  readonly resources: AppResources;
  /** @default functions/src/jobs of this repository */
  readonly jobsDir?: string;
}

export class EmailStack extends Stack {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly feedbackTopic: Topic;
  readonly feedbackHandler: AppFunction;

  constructor(scope: Construct, id: string, props: EmailStackProps) {
    super(scope, id, props);
    const domain = senderDomain(props.senderAddress);
    const jobsDir = props.jobsDir ?? path.join(REPO_ROOT, 'functions/src/jobs');

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: EMAIL_CONFIGURATION_SET_NAME,
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(domain),
      configurationSet: this.configurationSet,
    });
    this.dkimRecords(domain, props.hostedZone);

    // A customer managed key: SES may not publish to a topic under the AWS managed SNS key.
    const key = new Key(this, 'FeedbackTopicKey', {
      description: 'Encrypts the Expiry Radar SES bounce and complaint topic',
      enableKeyRotation: true,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('ses.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    this.feedbackTopic = new Topic(this, 'FeedbackTopic', {
      displayName: 'Expiry Radar SES bounces and complaints',
      masterKey: key,
      enforceSSL: true,
    });
    this.configurationSet.addEventDestination('Feedback', {
      destination: EventDestination.snsTopic(this.feedbackTopic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });

    this.feedbackHandler = new AppFunction(this, 'EmailFeedback', {
      entry: path.join(jobsDir, 'email-feedback.ts'),
      description:
        'the email feedback job: puts bouncing and complaining addresses on the suppression list',
      resources: props.resources,
      permissions: jobPermissions.emailFeedback,
      environment: {
        TABLE_NAME: props.resources.table.tableName,
        POWERTOOLS_SERVICE_NAME: 'expiry-radar-email-feedback',
      },
      timeout: Duration.seconds(30),
    });
    this.feedbackTopic.addSubscription(new LambdaSubscription(this.feedbackHandler.function));
  }

  private dkimRecords(domain: string, zone: EmailStackProps['hostedZone']): void {
    const records = this.identity.dkimRecords;
    if (zone && isInZone(domain, zone.name)) {
      const hostedZone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: zone.id,
        zoneName: zone.name,
      });
      records.forEach((record, index) => {
        new CnameRecord(this, `DkimRecord${index + 1}`, {
          zone: hostedZone,
          recordName: `${record.name}.`,
          domainName: record.value,
        });
      });
      return;
    }
    records.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        description: `DKIM record ${index + 1} of ${domain}: add this CNAME in the domain's DNS, then SES verifies the identity`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });
  }
}
