/**
 * The stateful resources of the app (the table, the queues, secrets, keys, buckets) as a deploy
 * would treat them: by logical id, with the properties whose change CloudFormation carries out by
 * replacing the resource (its resource reference: "Update requires: Replacement"). A recording of
 * them (stateful-resources.recorded.json, written by `npm run record:stateful`) is compared with
 * every synthesis: a change that would replace or delete one of them is named, so it is made on
 * purpose, with a migration, never by a rename.
 */
import { join } from 'node:path';
import { Stack, type App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

export const RECORDED_STATEFUL_RESOURCES = join(__dirname, 'stateful-resources.recorded.json');

/** The app as recorded: no bundling (assets do not matter here), construct paths in templates. */
export const RECORDING_CONTEXT = {
  'aws:cdk:bundling-stacks': [],
  'aws:cdk:enable-path-metadata': true,
  // The email stack (and its topic's key) exists only with a sender.
  emailFrom: 'Expiry Radar <alerts@example.com>',
} as const;

export const HOW_TO_RECORD =
  'A change meant to replace or add a stateful resource (with its data migrated first: README "Upgrading and rolling back") is recorded with `npm run record:stateful`; commit the recording with the change.';

/** Per stateful resource type, the properties whose change replaces the resource. */
export const REPLACEMENT_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  // The key attributes' types are part of the key: `KeyAttributes` (from AttributeDefinitions).
  'AWS::DynamoDB::Table': ['TableName', 'KeySchema', 'KeyAttributes', 'LocalSecondaryIndexes'],
  'AWS::SQS::Queue': ['QueueName', 'FifoQueue'],
  'AWS::SecretsManager::Secret': ['Name'],
  'AWS::KMS::Key': ['KeySpec', 'KeyUsage', 'MultiRegion'],
  'AWS::S3::Bucket': ['BucketName'],
};

export interface StatefulResource {
  readonly type: string;
  /** The construct path, for people reading a difference. */
  readonly path: string;
  readonly deletionPolicy: string | null;
  /** Each replacement property as the template writes it; null when not set. */
  readonly replacementProperties: Readonly<Record<string, unknown>>;
}

/** Stack name -> logical id -> resource. */
export type StatefulResources = Record<string, Record<string, StatefulResource>>;

interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  Metadata?: Record<string, unknown>;
}

function keyAttributes(properties: Record<string, unknown>): unknown {
  const keys = (properties.KeySchema ?? []) as Array<{ AttributeName: string }>;
  const definitions = (properties.AttributeDefinitions ?? []) as Array<{ AttributeName: string }>;
  const names = new Set(keys.map((key) => key.AttributeName));
  return definitions.filter((definition) => names.has(definition.AttributeName));
}

export function statefulResourcesOf(
  stackName: string,
  template: { Resources?: Record<string, TemplateResource> },
): Record<string, StatefulResource> {
  const resources: Record<string, StatefulResource> = {};
  for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
    const replacement = REPLACEMENT_PROPERTIES[resource.Type];
    if (!replacement) continue;
    const properties = resource.Properties ?? {};
    const path = resource.Metadata?.['aws:cdk:path'];
    resources[logicalId] = {
      type: resource.Type,
      path:
        typeof path === 'string' ? path.replace(/\/Resource$/, '') : `${stackName}/${logicalId}`,
      deletionPolicy: resource.DeletionPolicy ?? null,
      replacementProperties: Object.fromEntries(
        replacement.map((name) => [
          name,
          (name === 'KeyAttributes' ? keyAttributes(properties) : properties[name]) ?? null,
        ]),
      ),
    };
  }
  return resources;
}

/** The stateful resources of every stack of the app that has any. */
export function statefulResourcesOfApp(app: App): StatefulResources {
  const all: StatefulResources = {};
  for (const stack of app.node.findAll().filter((node): node is Stack => Stack.isStack(node))) {
    const resources = statefulResourcesOf(stack.stackName, Template.fromStack(stack).toJSON());
    if (Object.keys(resources).length > 0) all[stack.stackName] = resources;
  }
  return all;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * What a deploy of `current` would do to the stateful resources of `recorded`: each resource it
 * would replace or delete, and each stateful resource not recorded yet. Empty when nothing.
 */
export function statefulChanges(recorded: StatefulResources, current: StatefulResources): string[] {
  const changes: string[] = [];
  for (const [stack, resources] of Object.entries(recorded)) {
    for (const [logicalId, before] of Object.entries(resources)) {
      const after = current[stack]?.[logicalId];
      const name = `${stack}/${logicalId} (${before.type}, ${before.path})`;
      if (!after) {
        changes.push(
          `${name} would be deleted, or replaced by a resource of another logical id: it is no longer in ${stack}`,
        );
        continue;
      }
      if (after.type !== before.type) {
        changes.push(`${name} would be replaced: its type becomes ${after.type}`);
        continue;
      }
      for (const [property, value] of Object.entries(before.replacementProperties)) {
        const next = after.replacementProperties[property] ?? null;
        if (json(next) !== json(value)) {
          changes.push(
            `${name} would be replaced: ${property} changes from ${json(value)} to ${json(next)}`,
          );
        }
      }
      if (after.deletionPolicy !== before.deletionPolicy) {
        changes.push(
          `${name}: its DeletionPolicy changes from ${json(before.deletionPolicy)} to ${json(after.deletionPolicy)}`,
        );
      }
    }
  }
  for (const [stack, resources] of Object.entries(current)) {
    for (const [logicalId, after] of Object.entries(resources)) {
      if (!recorded[stack]?.[logicalId]) {
        changes.push(
          `${stack}/${logicalId} (${after.type}, ${after.path}) is a stateful resource not recorded yet`,
        );
      }
    }
  }
  return changes;
}
