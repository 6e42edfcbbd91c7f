import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildTestApp, resourcesAcross, resourcesOf } from '../test-support/test-app';
import { STACK_NAMES } from './expiry-radar';

const DOMAIN = {
  domainName: 'app.example.com',
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  hostedZoneName: 'example.com',
  region: 'eu-west-1',
};

function distributionConfig(template: Template): Record<string, unknown> {
  const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
  return distribution?.Properties?.DistributionConfig as Record<string, unknown>;
}

describe('a custom domain in a Route 53 zone', () => {
  const { app, stacks, templates } = buildTestApp(DOMAIN);
  const certificateStack = stacks.certificate!;
  const certificateTemplate = Template.fromStack(certificateStack);

  it('gets a certificate in us-east-1, validated by DNS in the zone', () => {
    expect(certificateStack.stackName).toBe(STACK_NAMES.certificate);
    expect(certificateStack.region).toBe('us-east-1');
    certificateTemplate.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: DOMAIN.domainName,
      ValidationMethod: 'DNS',
      DomainValidationOptions: [
        { DomainName: DOMAIN.domainName, HostedZoneId: DOMAIN.hostedZoneId },
      ],
    });
  });

  it('serves the domain from CloudFront with that certificate and TLSv1.2_2021', () => {
    const config = distributionConfig(templates.web);
    expect(config.Aliases).toEqual([DOMAIN.domainName]);
    expect(config.ViewerCertificate).toMatchObject({
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    // The ARN crosses regions through CDK's reader of what us-east-1 wrote.
    expect(JSON.stringify(config.ViewerCertificate)).toContain('ExportsReader');
  });

  it('points A and AAAA alias records of the domain at the distribution', () => {
    const records = Object.values(resourcesOf(templates.web, 'AWS::Route53::RecordSet'));
    expect(records.map((record) => record.Properties?.Type).sort()).toEqual(['A', 'AAAA']);
    for (const record of records) {
      expect(record.Properties).toMatchObject({
        Name: `${DOMAIN.domainName}.`,
        HostedZoneId: DOMAIN.hostedZoneId,
        AliasTarget: {
          DNSName: { 'Fn::GetAtt': [expect.stringMatching(/^Distribution/), 'DomainName'] },
        },
      });
    }
  });

  it('gives the functions the domain as their origin', () => {
    templates.web.hasResourceProperties('AWS::SSM::Parameter', {
      Value: `https://${DOMAIN.domainName}`,
    });
    const functions = Object.values(resourcesAcross(templates.apiRoutes, 'AWS::Lambda::Function'));
    for (const fn of functions) {
      expect(fn.Properties?.Environment).toMatchObject({
        Variables: { APP_ORIGIN: `https://${DOMAIN.domainName}` },
      });
    }
  });

  it('needs no acknowledgement of TLSv1 any more, and leaves no cdk-nag finding', () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((violation) => violation.ruleName)).toEqual([]);
    expect(JSON.stringify(templates.web.toJSON())).not.toContain('AwsSolutions-CFR4');
  });
});

describe('a custom domain with its own certificate', () => {
  const certificateArn =
    'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d';
  const { stacks, templates } = buildTestApp({ domainName: 'radar.example.org', certificateArn });

  it('uses the certificate, makes none, and leaves DNS to its owner', () => {
    expect(stacks.certificate).toBeUndefined();
    expect(distributionConfig(templates.web)).toMatchObject({
      Aliases: ['radar.example.org'],
      ViewerCertificate: {
        AcmCertificateArn: certificateArn,
        MinimumProtocolVersion: 'TLSv1.2_2021',
      },
    });
    templates.web.resourceCountIs('AWS::Route53::RecordSet', 0);
  });
});

describe('custom domain context', () => {
  it('refuses a domain without a zone or a certificate, and a certificate outside us-east-1', () => {
    expect(() => buildTestApp({ domainName: 'app.example.com' })).toThrow(/hostedZoneId/);
    expect(() =>
      buildTestApp({
        domainName: 'app.example.com',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x',
      }),
    ).toThrow(/us-east-1/);
    expect(() => buildTestApp({ ...DOMAIN, hostedZoneName: 'example.org' })).toThrow(
      /not in the zone/,
    );
  });

  it('keeps the default certificate (and its acknowledgement) without a domain', () => {
    const { stacks, templates } = buildTestApp();
    expect(stacks.certificate).toBeUndefined();
    expect(distributionConfig(templates.web).Aliases).toBeUndefined();
  });
});
