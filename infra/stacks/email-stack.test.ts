import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildTestApp, resourcesAcross, resourcesOf } from '../test-support/test-app';
import { EMAIL_CONFIGURATION_SET_NAME } from './email-stack';
import { STACK_NAMES } from './expiry-radar';

const WITH_ZONE = {
  emailFrom: 'Expiry Radar <alerts@example.com>',
  domainName: 'app.example.com',
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  hostedZoneName: 'example.com',
  region: 'eu-west-1',
};

describe('the email stack with emailFrom on a domain of the zone', () => {
  const { app, stacks, templates } = buildTestApp(WITH_ZONE);
  const email = Template.fromStack(stacks.email!);

  it('creates the domain identity with Easy DKIM, under the configuration set', () => {
    expect(stacks.email?.stackName).toBe(STACK_NAMES.email);
    email.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'example.com',
      ConfigurationSetAttributes: {
        ConfigurationSetName: { Ref: Match.stringLikeRegexp('^ConfigurationSet') },
      },
    });
    const [identity] = Object.values(resourcesOf(email, 'AWS::SES::EmailIdentity'));
    // Easy DKIM: no key of our own is given (SES makes and rotates it).
    expect(identity?.Properties?.DkimSigningAttributes).toBeUndefined();
    expect(identity?.Properties?.DkimAttributes).not.toEqual({ SigningEnabled: false });
  });

  it('puts the three DKIM CNAME records in the zone', () => {
    const records = Object.values(resourcesOf(email, 'AWS::Route53::RecordSet'));
    expect(records).toHaveLength(3);
    for (const record of records) {
      expect(record.Properties).toMatchObject({
        Type: 'CNAME',
        HostedZoneId: WITH_ZONE.hostedZoneId,
      });
      expect(JSON.stringify(record.Properties?.Name)).toContain('DkimDNSTokenName');
    }
  });

  it('publishes bounces and complaints of the configuration set to the topic the handler reads', () => {
    email.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: EMAIL_CONFIGURATION_SET_NAME,
    });
    email.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: Match.stringLikeRegexp('^ConfigurationSet') },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: { TopicARN: { Ref: Match.stringLikeRegexp('^FeedbackTopic') } },
      },
    });
    email.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: Match.stringLikeRegexp('^FeedbackTopic') },
    });
    email.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: Match.anyValue(),
    });
  });

  it('lets the handler write the table, and the senders name the configuration set', () => {
    const functions = Object.values(resourcesOf(email, 'AWS::Lambda::Function'));
    expect(functions).toHaveLength(1);
    expect(functions[0]?.Properties?.Environment).toMatchObject({
      Variables: { TABLE_NAME: expect.anything() as unknown },
    });
    const senders = [
      ...Object.values(resourcesOf(templates.jobs, 'AWS::Lambda::Function')),
      ...Object.values(resourcesAcross(templates.apiRoutes, 'AWS::Lambda::Function')),
    ];
    for (const fn of senders) {
      expect(fn.Properties?.Environment).toMatchObject({
        Variables: { EMAIL_CONFIGURATION_SET: EMAIL_CONFIGURATION_SET_NAME },
      });
    }
    const jobPolicies = JSON.stringify(resourcesOf(templates.jobs, 'AWS::IAM::Policy'));
    expect(jobPolicies).toContain(`:configuration-set/${EMAIL_CONFIGURATION_SET_NAME}`);
  });

  it('is deployed before the functions that send with it, and leaves no cdk-nag finding', () => {
    expect(stacks.jobs.dependencies).toContain(stacks.email);
    expect(stacks.api.dependencies).toContain(stacks.email);
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((violation) => violation.ruleName)).toEqual([]);
  });
});

describe('the email stack without the zone of its domain', () => {
  const { stacks } = buildTestApp({ emailFrom: 'alerts@mail.example.net' });
  const email = Template.fromStack(stacks.email!);

  it('prints the DKIM records as outputs instead', () => {
    email.resourceCountIs('AWS::Route53::RecordSet', 0);
    const outputs = email.findOutputs('*');
    expect(Object.keys(outputs).filter((key) => key.startsWith('DkimRecord'))).toHaveLength(3);
  });
});

describe('without emailFrom', () => {
  it('creates no SES resources', () => {
    const { stacks } = buildTestApp();
    expect(stacks.email).toBeUndefined();
  });

  it('refuses a sender whose domain SES cannot verify', () => {
    expect(() => buildTestApp({ emailFrom: 'alerts@localhost' })).toThrow(/domain SES can verify/);
  });
});
