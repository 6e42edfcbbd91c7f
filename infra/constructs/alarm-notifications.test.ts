import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { buildTestApp, nagFindings, resourcesOf } from '../test-support/test-app';

/** How a stack's template refers to the data stack's alarm topic: Ref there, an import elsewhere. */
function topicReferenceIn(stack: Stack, topicStack: Stack, topicLogicalId: string): unknown {
  if (stack === topicStack) return { Ref: topicLogicalId };
  return {
    'Fn::ImportValue': expect.stringMatching(
      new RegExp(`^${topicStack.stackName}:ExportsOutputRef${topicLogicalId}`),
    ) as unknown,
  };
}

describe('alarm notifications', () => {
  const { app, stacks } = buildTestApp({ alarmEmail: 'ops@radar.example.com' });
  const topicLogicalId = stacks.data.getLogicalId(
    stacks.data.alarmTopic.node.defaultChild as never,
  );
  const allStacks = app.node.children.filter((child): child is Stack => child instanceof Stack);

  it('leaves no cdk-nag AWS Solutions finding unacknowledged with the email subscription', () => {
    expect(nagFindings(app)).toEqual([]);
  });

  it('finds the alarms of the data, api and jobs stacks', () => {
    const withAlarms = allStacks
      .filter(
        (stack) =>
          Object.keys(resourcesOf(Template.fromStack(stack), 'AWS::CloudWatch::Alarm')).length > 0,
      )
      .map((stack) => stack.stackName);
    expect(withAlarms).toEqual(
      expect.arrayContaining([stacks.data.stackName, stacks.api.stackName, stacks.jobs.stackName]),
    );
  });

  it.each(allStacks.map((stack) => [stack.stackName, stack]))(
    'every CloudWatch alarm of %s notifies the alarm topic when it fires and recovers',
    (_name, stack) => {
      const template = Template.fromStack(stack);
      const expected = topicReferenceIn(stack, stacks.data, topicLogicalId);
      for (const alarm of Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'))) {
        expect(alarm.Properties?.AlarmActions).toEqual([expected]);
        expect(alarm.Properties?.OKActions).toEqual([expected]);
      }
    },
  );

  it('encrypts the topic with a rotating key CloudWatch may use, and refuses plain HTTP', () => {
    const data = Template.fromStack(stacks.data);
    data.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: Match.objectLike({ 'Fn::GetAtt': Match.anyValue() }),
    });
    data.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      }),
    });
    data.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      }),
    });
  });

  it('subscribes the alarmEmail address, and nobody without one', () => {
    Template.fromStack(stacks.data).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@radar.example.com',
    });
    const { templates } = buildTestApp();
    expect(Object.keys(resourcesOf(templates.data, 'AWS::SNS::Subscription'))).toEqual([]);
  });

  it('refuses an alarmEmail that is no address', () => {
    expect(() => buildTestApp({ alarmEmail: 'ops team' })).toThrow(/alarmEmail/);
  });
});
