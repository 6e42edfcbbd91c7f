/**
 * What IAM checks for an AWS SDK call a bundle made (as sdk-call-recorder.cjs records it): the
 * action (`<service prefix>:<operation>`) and the resource ARN, following each service's
 * authorization rules for the operations the app uses: a DynamoDB transaction is checked as one
 * PutItem, UpdateItem, DeleteItem, ConditionCheckItem or GetItem per item, and a call on one item
 * with the condition keys of its item (its key's prefix, an update's attributes); a batch once
 * per table; a query on an index against the index's ARN; an SES send against the sender's
 * identity, which may be verified as the address or as its domain (either one suffices); an STS
 * AssumeRole against the role's ARN, with the external id, session name and role's account its
 * conditions read.
 */
import type { CfnResolver } from './cfn-resolver';
import type { RequestContext } from './iam-policy';
import { textOf } from './cloud-assembly';

export interface RecordedCall {
  readonly client: string;
  readonly command: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly outcome: string;
}

export interface Requirement {
  readonly action: string;
  /** IAM allows the call when any one of these is allowed (SES: address or domain identity). */
  readonly resources: readonly string[];
  /** The condition keys the call gives IAM. */
  readonly context?: RequestContext;
}

/** Service prefixes of IAM actions, by SDK client class. */
const SERVICE_PREFIXES: Readonly<Record<string, string>> = {
  DynamoDBClient: 'dynamodb',
  SQSClient: 'sqs',
  SESv2Client: 'ses',
  SESClient: 'ses',
  SSMClient: 'ssm',
  SecretsManagerClient: 'secretsmanager',
  S3Client: 's3',
  SNSClient: 'sns',
  KMSClient: 'kms',
  EventBridgeClient: 'events',
  LambdaClient: 'lambda',
  CloudWatchClient: 'cloudwatch',
};

const TRANSACTION_ACTIONS: Readonly<Record<string, string>> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

export interface ArnLookups {
  /** The ARN of a queue by its URL (the emulator's URLs are not AWS's). */
  readonly queueArn: (queueUrl: string) => string | undefined;
  /** The full ARN of a secret by its name or ARN. */
  readonly secretArn: (secretId: string) => string | undefined;
}

export function serviceOf(call: RecordedCall): string {
  return SERVICE_PREFIXES[call.client] ?? call.client.replace(/Client$/, '').toLowerCase();
}

/**
 * Operations IAM authorizes as another action: SQS checks each batch operation as the action of
 * one message (its service authorization reference lists no batch actions).
 */
const AUTHORIZED_AS: Readonly<Record<string, string>> = {
  'sqs:SendMessageBatch': 'sqs:SendMessage',
  'sqs:DeleteMessageBatch': 'sqs:DeleteMessage',
  'sqs:ChangeMessageVisibilityBatch': 'sqs:ChangeMessageVisibility',
};

export function operationOf(call: RecordedCall): string {
  return call.command.replace(/Command$/, '');
}

/** A call on one item as the recorder summarizes it, or one item of a transaction. */
interface ItemSummary {
  readonly LeadingKeyPrefix?: unknown;
  readonly Attributes?: unknown;
}

/** A transaction's item as the recorder summarizes it. */
interface TransactItemSummary extends ItemSummary {
  readonly operation: string;
  readonly TableName: string;
}

/**
 * The condition keys of a call on one item: `dynamodb:LeadingKeys`, its partition key, of which
 * the recorder keeps the entity prefix (`SESSION#`), enough for the grants' patterns
 * (`SESSION#*`); for an update, `dynamodb:Attributes`, the names of the attributes it touches
 * (its key's among them), and `dynamodb:ReturnValues`, which an UpdateItem always has (NONE
 * unless it asks for more) and an update in a transaction never.
 */
function itemContext(item: ItemSummary, returnValues?: string): { context?: RequestContext } {
  const context: Record<string, string | readonly string[]> = {};
  if (typeof item.LeadingKeyPrefix === 'string') {
    context['dynamodb:LeadingKeys'] = item.LeadingKeyPrefix;
  }
  if (Array.isArray(item.Attributes)) {
    context['dynamodb:Attributes'] = item.Attributes.map(String);
    if (returnValues !== undefined) context['dynamodb:ReturnValues'] = returnValues;
  }
  return Object.keys(context).length > 0 ? { context } : {};
}

export function requirementsOf(
  call: RecordedCall,
  resolver: CfnResolver,
  lookups: ArnLookups,
): Requirement[] {
  const service = serviceOf(call);
  const operation = operationOf(call);
  const input = call.input;
  const action = AUTHORIZED_AS[`${service}:${operation}`] ?? `${service}:${operation}`;
  const one = (resource: string): Requirement[] => [{ action, resources: [resource] }];

  switch (service) {
    case 'dynamodb': {
      const table = (name: unknown) =>
        String(name).startsWith('arn:')
          ? String(name)
          : resolver.arn('dynamodb', `table/${String(name)}`);
      if (Array.isArray(input.TransactItems)) {
        return (input.TransactItems as TransactItemSummary[]).map((item) => ({
          action: `dynamodb:${TRANSACTION_ACTIONS[item.operation] ?? item.operation}`,
          resources: [table(item.TableName)],
          ...itemContext(item),
        }));
      }
      if (Array.isArray(input.RequestItems)) {
        return (input.RequestItems as string[]).map((name) => ({
          action,
          resources: [table(name)],
        }));
      }
      if (input.TableName === undefined) return one('*');
      const tableArn = table(input.TableName);
      if (input.IndexName) return one(`${tableArn}/index/${textOf(input.IndexName)}`);
      const returnValues = typeof input.ReturnValues === 'string' ? input.ReturnValues : 'NONE';
      return [{ action, resources: [tableArn], ...itemContext(input, returnValues) }];
    }
    case 'sqs': {
      if (input.QueueUrl === undefined) return one('*');
      const url = textOf(input.QueueUrl);
      return one(lookups.queueArn(url) ?? queueArnFromUrl(url, resolver));
    }
    case 'ses': {
      if (input.FromEmailAddressIdentityArn) return one(textOf(input.FromEmailAddressIdentityArn));
      const address = emailAddressOf(textOf(input.FromEmailAddress ?? ''));
      const domain = address.split('@')[1] ?? address;
      return [
        {
          action,
          resources: [...new Set([address, domain])].map((identity) =>
            resolver.arn('ses', `identity/${identity}`),
          ),
        },
      ];
    }
    case 'secretsmanager': {
      const secretId = textOf(input.SecretId ?? '*');
      return one(lookups.secretArn(secretId) ?? secretId);
    }
    case 'ssm': {
      const names = input.Names ? (input.Names as string[]) : [textOf(input.Name ?? '*')];
      return names.map((name) => ({
        action,
        resources: [resolver.arn('ssm', `parameter/${name.replace(/^\//, '')}`)],
      }));
    }
    case 'kms':
      return one(textOf(input.KeyId ?? '*'));
    case 'sts': {
      const roleArn = textOf(input.RoleArn ?? '*');
      const context: Record<string, string> = {};
      if (input.ExternalId !== undefined) context['sts:ExternalId'] = textOf(input.ExternalId);
      if (input.RoleSessionName !== undefined) {
        context['sts:RoleSessionName'] = textOf(input.RoleSessionName);
      }
      // `arn:<partition>:iam::<account>:role/<name>`
      const account = roleArn.split(':')[4];
      if (account) context['aws:ResourceAccount'] = account;
      return [{ action, resources: [roleArn], context }];
    }
    default:
      return one('*');
  }
}

/** `Name <address>` or a bare address. */
export function emailAddressOf(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim().toLowerCase();
}

function queueArnFromUrl(url: string, resolver: CfnResolver): string {
  const [account, name] = new URL(url).pathname.split('/').filter(Boolean);
  return resolver.arn('sqs', name ?? url, { account });
}
