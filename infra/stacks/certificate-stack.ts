/**
 * The custom domain's certificate, in us-east-1 where CloudFront reads certificates, validated
 * by DNS in the given Route 53 zone (CloudFormation adds the validation record and waits for ACM
 * to issue it). The web stack, in the deployment region, reads its ARN as a cross-region
 * reference.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import type { Construct } from 'constructs';

/** CloudFront accepts certificates from this region only. */
export const CLOUDFRONT_CERTIFICATE_REGION = 'us-east-1';

export interface CertificateStackProps extends StackProps {
  readonly domainName: string;
  readonly hostedZoneId: string;
  readonly hostedZoneName: string;
}

export class CertificateStack extends Stack {
  readonly certificate: Certificate;

  constructor(scope: Construct, id: string, props: CertificateStackProps) {
    super(scope, id, {
      ...props,
      env: { ...props.env, region: CLOUDFRONT_CERTIFICATE_REGION },
      crossRegionReferences: true,
    });
    const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
      hostedZoneId: props.hostedZoneId,
      zoneName: props.hostedZoneName,
    });
    this.certificate = new Certificate(this, 'Certificate', {
      domainName: props.domainName,
      validation: CertificateValidation.fromDns(zone),
    });
  }
}
