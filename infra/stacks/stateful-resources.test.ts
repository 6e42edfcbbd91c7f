import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { tableDefinition } from '@expiry-radar/functions/data/table-definition';
import { buildTestApp, resourcesOf } from '../test-support/test-app';
import { DataStack } from './data-stack';
import {
  HOW_TO_RECORD,
  RECORDED_STATEFUL_RESOURCES,
  RECORDING_CONTEXT,
  statefulChanges,
  statefulResourcesOf,
  statefulResourcesOfApp,
  type StatefulResources,
} from './stateful-resources';

const recorded = JSON.parse(readFileSync(RECORDED_STATEFUL_RESOURCES, 'utf8')) as StatefulResources;
const { app, templates } = buildTestApp(RECORDING_CONTEXT);
const current = statefulResourcesOfApp(app);

describe('the stateful resources against their recording', () => {
  it('a deploy of this synthesis replaces or deletes none of them, and none is unrecorded', () => {
    const changes = statefulChanges(recorded, current);
    if (changes.length > 0) throw new Error(`${changes.join('\n')}\n\n${HOW_TO_RECORD}`);
    expect(Object.keys(current.ExpiryRadarData ?? {})).toHaveLength(14);
  });

  it('names a table whose key would change', () => {
    const changedApp = new App({ context: RECORDING_CONTEXT });
    const data = new DataStack(changedApp, 'ExpiryRadarData', {
      tableDefinition: { ...tableDefinition, sortKey: { name: 'sortKey', type: 'S' } },
    });
    const changed = {
      ExpiryRadarData: statefulResourcesOf('ExpiryRadarData', buildTemplate(data)),
    };
    const dataOnly = { ExpiryRadarData: recorded.ExpiryRadarData ?? {} };
    expect(statefulChanges(dataOnly, changed)).toEqual([
      expect.stringMatching(
        /^ExpiryRadarData\/TableCD117FA1 \(AWS::DynamoDB::Table, ExpiryRadarData\/Table\) would be replaced: KeySchema changes from .*"sk".* to .*"sortKey"/,
      ),
      expect.stringMatching(
        /would be replaced: KeyAttributes changes from .*"sk".* to .*"sortKey"/,
      ),
    ]);
  });

  it('names a queue that would become FIFO, lose its logical id, or stop being retained', () => {
    const data = structuredClone(recorded.ExpiryRadarData ?? {});
    const { AlertQueue78A7D684: alertQueue, ...others } = data;
    const deadLetter = others.AlertDeadLetterQueue0B668152!;
    const changed: StatefulResources = {
      ExpiryRadarData: {
        ...others,
        AlertQueueRenamed: alertQueue!,
        AlertDeadLetterQueue0B668152: {
          ...deadLetter,
          deletionPolicy: 'Delete',
          replacementProperties: { ...deadLetter.replacementProperties, FifoQueue: true },
        },
      },
    };
    expect(statefulChanges({ ExpiryRadarData: data }, changed)).toEqual([
      'ExpiryRadarData/AlertDeadLetterQueue0B668152 (AWS::SQS::Queue, ExpiryRadarData/AlertDeadLetterQueue) would be replaced: FifoQueue changes from null to true',
      'ExpiryRadarData/AlertDeadLetterQueue0B668152 (AWS::SQS::Queue, ExpiryRadarData/AlertDeadLetterQueue): its DeletionPolicy changes from "Retain" to "Delete"',
      'ExpiryRadarData/AlertQueue78A7D684 (AWS::SQS::Queue, ExpiryRadarData/AlertQueue) would be deleted, or replaced by a resource of another logical id: it is no longer in ExpiryRadarData',
      'ExpiryRadarData/AlertQueueRenamed (AWS::SQS::Queue, ExpiryRadarData/AlertQueue) is a stateful resource not recorded yet',
    ]);
  });
});

describe('stateful resources are kept, and how long their data lives is stated', () => {
  it('retains every stateful resource but the origin secret (regenerated with its stack)', () => {
    const notRetained = Object.values(current)
      .flatMap((resources) => Object.values(resources))
      .filter((resource) => resource.deletionPolicy !== 'Retain')
      .map((resource) => resource.path);
    expect(notRetained).toEqual(['ExpiryRadarApi/OriginVerifySecret']);
  });

  it('states the message retention of every queue and the retention of every log group', () => {
    const all = [
      templates.data,
      templates.api,
      ...templates.apiRoutes,
      templates.jobs,
      templates.web,
    ];
    const queues = all.flatMap((template) =>
      Object.values(resourcesOf(template, 'AWS::SQS::Queue')),
    );
    const logGroups = all.flatMap((template) =>
      Object.values(resourcesOf(template, 'AWS::Logs::LogGroup')),
    );
    expect(queues).toHaveLength(10);
    expect(logGroups.length).toBeGreaterThan(2);
    for (const queue of queues)
      expect(queue.Properties?.MessageRetentionPeriod).toEqual(expect.any(Number));
    for (const logGroup of logGroups)
      expect(logGroup.Properties?.RetentionInDays).toEqual(expect.any(Number));
  });
});

function buildTemplate(stack: DataStack) {
  return Template.fromStack(stack).toJSON() as Parameters<typeof statefulResourcesOf>[1];
}
