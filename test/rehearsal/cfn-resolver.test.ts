import { CfnResolver, UnresolvableValueError } from './cfn-resolver';
import type { CloudAssembly } from './cloud-assembly';

const assembly: CloudAssembly = {
  directory: '',
  stacks: [
    {
      name: 'Data',
      template: {
        Resources: {
          Table: { Type: 'AWS::DynamoDB::Table', Properties: {} },
          Logs: { Type: 'AWS::Logs::LogGroup', Properties: { LogGroupName: '/app/logs' } },
        },
        Outputs: {
          TableArn: {
            Value: { 'Fn::GetAtt': ['Table', 'Arn'] },
            Export: { Name: 'Data:TableArn' },
          },
        },
      },
    },
    {
      name: 'Api',
      template: {
        Resources: { Topic: { Type: 'AWS::SNS::Topic' } },
        Parameters: {
          Version: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/bootstrap/version' },
        },
      },
    },
  ],
};
const target = {
  accountId: '123456789012',
  region: 'eu-west-1',
  partition: 'aws',
  urlSuffix: 'amazonaws.com',
};

describe('resolving template values against a deployment', () => {
  const resolver = new CfnResolver(assembly, target, {
    emulated: new Map([
      ['Data/Table', { ref: 'emulated-table', attributes: { Arn: 'arn:emulated' } }],
    ]),
    ssmParameter: (name) => (name === '/bootstrap/version' ? '21' : undefined),
  });

  it("reads another stack's export, the emulated resource's attributes first", () => {
    expect(resolver.resolve('Api', { 'Fn::ImportValue': 'Data:TableArn' })).toBe('arn:emulated');
    expect(resolver.resolve('Data', { Ref: 'Table' })).toBe('emulated-table');
  });

  it('joins, substitutes and reads pseudo parameters and SSM parameter types', () => {
    expect(
      resolver.resolve('Data', {
        'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':logs:', { Ref: 'AWS::Region' }]],
      }),
    ).toBe('arn:aws:logs:eu-west-1');
    expect(resolver.resolve('Data', { 'Fn::Sub': '${AWS::AccountId}/${Logs}/${Logs.Arn}' })).toBe(
      '123456789012//app/logs/arn:aws:logs:eu-west-1:123456789012:log-group:/app/logs:*',
    );
    expect(resolver.resolve('Api', { Ref: 'Version' })).toBe('21');
  });

  it('names generated resources as CloudFormation does, the same on every run', () => {
    const topic = resolver.resolve('Api', { Ref: 'Topic' });
    expect(topic).toMatch(/^arn:aws:sns:eu-west-1:123456789012:Api-Topic-[A-Z0-9]{12}$/);
    expect(new CfnResolver(assembly, target).resolve('Api', { Ref: 'Topic' })).toBe(topic);
  });

  it('refuses what it cannot resolve, naming it', () => {
    expect(() => resolver.resolve('Api', { 'Fn::ImportValue': 'Nowhere:Value' })).toThrow(
      new UnresolvableValueError('No stack exports Nowhere:Value'),
    );
    expect(() => resolver.resolve('Api', { 'Fn::GetAtt': ['Topic', 'Colour'] })).toThrow(
      /attribute Colour/,
    );
    expect(() => resolver.resolve('Api', { 'Fn::If': ['Cond', 'a', 'b'] })).toThrow(
      /Fn::If is not supported/,
    );
  });
});
