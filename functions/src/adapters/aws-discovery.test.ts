/**
 * The AWS provider against AWS's answers as the SDK models them. No emulator plays STS, ACM or
 * IAM here (and the Secrets Manager one lacks rotation dates), so the clients are mocked with
 * aws-sdk-client-mock; the retry test instead gives the real clients a request handler that
 * answers like ACM, so the SDK's own retry runs.
 */
import {
  ACMClient,
  DescribeCertificateCommand,
  ListCertificatesCommand,
  type CertificateSummary,
} from '@aws-sdk/client-acm';
import {
  IAMClient,
  ListAccessKeysCommand,
  ListServerCertificatesCommand,
  ListUsersCommand,
} from '@aws-sdk/client-iam';
import { ListSecretsCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import type { AwsSettings } from '@expiry-radar/shared/api/integration-api-schemas';
import { AWS_DISCOVERY_ACTIONS } from '@expiry-radar/shared/domain/aws-discovery-role';
import { mockClient, type AwsClientStub } from 'aws-sdk-client-mock';
import { awsDiscovery, describeReadFailure } from './aws-discovery';
import { accessKeyExpiry } from './aws-discovery-iam';
import { SECRET_EXPIRY_TAG } from './aws-discovery-secrets';

const ACCOUNT = '123456789012';
const ROLE_ARN = `arn:aws:iam::${ACCOUNT}:role/ExpiryRadarDiscovery`;
const ACCESS = { externalId: 'expiry-radar-ws-1', sessionName: 'expiry-radar-ws-1' };
const TEMPORARY = {
  AccessKeyId: 'ASIATEMPORARYKEY0001',
  SecretAccessKey: 'temporary-secret',
  SessionToken: 'temporary-session-token',
  Expiration: new Date('2026-11-26T12:15:00Z'),
};
const settings = (regions: string[] = ['eu-west-1']): AwsSettings => ({
  role_arn: ROLE_ARN,
  regions,
  access_key_max_age_days: 90,
});

const certificateArn = (region: string, id: string) =>
  `arn:aws:acm:${region}:${ACCOUNT}:certificate/${id}`;
const secretArn = (region: string, name: string) =>
  `arn:aws:secretsmanager:${region}:${ACCOUNT}:secret:${name}-AbCdEf`;

let sts: AwsClientStub<STSClient>;
let acm: AwsClientStub<ACMClient>;
let secrets: AwsClientStub<SecretsManagerClient>;
let iam: AwsClientStub<IAMClient>;

beforeEach(() => {
  sts = mockClient(STSClient);
  acm = mockClient(ACMClient);
  secrets = mockClient(SecretsManagerClient);
  iam = mockClient(IAMClient);
  sts.on(AssumeRoleCommand).resolves({ Credentials: TEMPORARY });
  acm.on(ListCertificatesCommand).resolves({ CertificateSummaryList: [] });
  secrets.on(ListSecretsCommand).resolves({ SecretList: [] });
  iam.on(ListUsersCommand).resolves({ Users: [], IsTruncated: false });
  iam.on(ListServerCertificatesCommand).resolves({ ServerCertificateMetadataList: [] });
});

afterEach(() => {
  for (const stub of [sts, acm, secrets, iam]) stub.restore();
});

/** `service:Action` of every command sent to the customer's account (not STS: that is ours). */
function actionsSent(): string[] {
  const sent = [
    ...acm.calls().map((call) => `acm:${call.args[0].constructor.name}`),
    ...secrets.calls().map((call) => `secretsmanager:${call.args[0].constructor.name}`),
    ...iam.calls().map((call) => `iam:${call.args[0].constructor.name}`),
  ];
  return [...new Set(sent.map((name) => name.replace(/Command$/, '')))].sort();
}

/** The regions of the clients that sent `stub`'s calls. */
async function regionsOf(stub: { calls(): Array<{ thisValue: unknown }> }): Promise<string[]> {
  const regions = await Promise.all(
    stub.calls().map((call) => (call.thisValue as ACMClient).config.region()),
  );
  return [...new Set(regions)].sort();
}

const issued = (region: string, id: string, extra: Partial<CertificateSummary> = {}) => ({
  CertificateArn: certificateArn(region, id),
  DomainName: `${id}.example.com`,
  SubjectAlternativeNameSummaries: [`${id}.example.com`],
  HasAdditionalSubjectAlternativeNames: false,
  Status: 'ISSUED' as const,
  Type: 'AMAZON_ISSUED' as const,
  KeyAlgorithm: 'RSA_2048' as const,
  InUse: true,
  NotAfter: new Date('2027-03-01T12:00:00Z'),
  ...extra,
});

/** A fake that answers by the region of the client sending (an empty answer elsewhere). */
function byRegion<Output>(answers: Record<string, Output>, empty: Output) {
  return async (_input: unknown, getClient: () => { config: { region: () => Promise<string> } }) =>
    answers[await getClient().config.region()] ?? empty;
}

/** The error a service answers, as the SDK raises it. */
function serviceError(name: string, httpStatusCode: number, message = name): Error {
  return Object.assign(new Error(message), { name, $metadata: { httpStatusCode } });
}

describe('awsDiscovery', () => {
  it('assumes the role with the external id for 15 minutes and reads each region with its credentials, IAM once', async () => {
    const discovery = await awsDiscovery()({
      settings: settings(['eu-west-1', 'us-east-1', 'eu-west-1']),
      credentials: ACCESS,
    });

    expect(discovery).toEqual({ tokens: [], errors: [], unreadPrefixes: [] });
    expect(sts.commandCalls(AssumeRoleCommand).map((call) => call.args[0].input)).toEqual([
      {
        RoleArn: ROLE_ARN,
        RoleSessionName: 'expiry-radar-ws-1',
        ExternalId: 'expiry-radar-ws-1',
        DurationSeconds: 900,
      },
    ]);
    expect(await regionsOf(acm)).toEqual(['eu-west-1', 'us-east-1']);
    expect(acm.commandCalls(ListCertificatesCommand)).toHaveLength(2);
    expect(await regionsOf(secrets)).toEqual(['eu-west-1', 'us-east-1']);
    expect(secrets.commandCalls(ListSecretsCommand)).toHaveLength(2);
    expect(iam.commandCalls(ListUsersCommand)).toHaveLength(1);
    expect(iam.commandCalls(ListServerCertificatesCommand)).toHaveLength(1);
    const used = await Promise.all(
      [...acm.calls(), ...secrets.calls(), ...iam.calls()].map((call) =>
        (call.thisValue as ACMClient).config.credentials(),
      ),
    );
    expect(new Set(used.map((credentials) => credentials.accessKeyId))).toEqual(
      new Set([TEMPORARY.AccessKeyId]),
    );
    // Every key type, or ACM lists RSA 2048 certificates only.
    expect(
      [
        ...(acm.commandCalls(ListCertificatesCommand)[0]?.args[0].input.Includes?.keyTypes ?? []),
      ].sort(),
    ).toEqual([
      'EC_prime256v1',
      'EC_secp384r1',
      'EC_secp521r1',
      'RSA_1024',
      'RSA_2048',
      'RSA_3072',
      'RSA_4096',
    ]);
  });

  it('follows every page of ACM, Secrets Manager, IAM users, their access keys and server certificates', async () => {
    acm
      .on(ListCertificatesCommand)
      .resolves({ CertificateSummaryList: [issued('eu-west-1', 'one')], NextToken: 'acm-2' });
    acm
      .on(ListCertificatesCommand, { NextToken: 'acm-2' })
      .resolves({ CertificateSummaryList: [issued('eu-west-1', 'two')] });
    const rotated = (name: string) => ({
      ARN: secretArn('eu-west-1', name),
      Name: name,
      RotationEnabled: true,
      NextRotationDate: new Date('2026-12-20T00:00:00Z'),
    });
    secrets.on(ListSecretsCommand).resolves({ SecretList: [rotated('db')], NextToken: 'sm-2' });
    secrets
      .on(ListSecretsCommand, { NextToken: 'sm-2' })
      .resolves({ SecretList: [rotated('api')] });
    const user = (name: string) => ({
      UserName: name,
      Path: '/',
      UserId: name,
      Arn: `arn:aws:iam::${ACCOUNT}:user/${name}`,
      CreateDate: new Date('2025-01-01T00:00:00Z'),
    });
    iam
      .on(ListUsersCommand)
      .resolves({ Users: [user('alice')], IsTruncated: true, Marker: 'users-2' });
    iam
      .on(ListUsersCommand, { Marker: 'users-2' })
      .resolves({ Users: [user('ci')], IsTruncated: false });
    const key = (id: string, userName: string) => ({
      AccessKeyId: id,
      UserName: userName,
      Status: 'Active' as const,
      CreateDate: new Date('2026-10-01T09:30:00Z'),
    });
    iam
      .on(ListAccessKeysCommand, { UserName: 'alice' })
      .resolves({ AccessKeyMetadata: [key('AKIAALICE1', 'alice')], IsTruncated: false });
    iam.on(ListAccessKeysCommand, { UserName: 'ci' }).resolves({
      AccessKeyMetadata: [key('AKIACI0001', 'ci')],
      IsTruncated: true,
      Marker: 'keys-2',
    });
    iam.on(ListAccessKeysCommand, { UserName: 'ci', Marker: 'keys-2' }).resolves({
      AccessKeyMetadata: [
        key('AKIACI0002', 'ci'),
        { ...key('AKIACI0OLD', 'ci'), Status: 'Inactive' as const },
      ],
      IsTruncated: false,
    });
    const serverCertificate = (name: string) => ({
      Path: '/cloudfront/',
      ServerCertificateName: name,
      ServerCertificateId: name,
      Arn: `arn:aws:iam::${ACCOUNT}:server-certificate/cloudfront/${name}`,
      UploadDate: new Date('2026-01-01T00:00:00Z'),
      Expiration: new Date('2027-01-31T23:59:59Z'),
    });
    iam.on(ListServerCertificatesCommand).resolves({
      ServerCertificateMetadataList: [serverCertificate('legacy')],
      IsTruncated: true,
      Marker: 'certs-2',
    });
    iam.on(ListServerCertificatesCommand, { Marker: 'certs-2' }).resolves({
      ServerCertificateMetadataList: [serverCertificate('older')],
      IsTruncated: false,
    });

    const discovery = await awsDiscovery()({ settings: settings(), credentials: ACCESS });

    expect(discovery.errors).toEqual([]);
    expect(
      discovery.tokens.map((token) => [token.externalId, token.type, token.expiresAt]),
    ).toEqual([
      ['iam-access-key:AKIAALICE1', 'api_key', '2026-12-30'],
      ['iam-access-key:AKIACI0001', 'api_key', '2026-12-30'],
      ['iam-access-key:AKIACI0002', 'api_key', '2026-12-30'],
      [`arn:aws:iam::${ACCOUNT}:server-certificate/cloudfront/legacy`, 'tls_cert', '2027-01-31'],
      [`arn:aws:iam::${ACCOUNT}:server-certificate/cloudfront/older`, 'tls_cert', '2027-01-31'],
      [certificateArn('eu-west-1', 'one'), 'tls_cert', '2027-03-01'],
      [certificateArn('eu-west-1', 'two'), 'tls_cert', '2027-03-01'],
      [secretArn('eu-west-1', 'db'), 'secret', '2026-12-20'],
      [secretArn('eu-west-1', 'api'), 'secret', '2026-12-20'],
    ]);
    expect(discovery.tokens[1]).toMatchObject({
      name: 'IAM access key AKIACI0001 of ci',
      fields: { used_by: 'ci', location: `IAM, account ${ACCOUNT}` },
    });
    expect(acm.commandCalls(ListCertificatesCommand)).toHaveLength(2);
    expect(secrets.commandCalls(ListSecretsCommand)).toHaveLength(2);
    expect(iam.commandCalls(ListUsersCommand)).toHaveLength(2);
    expect(iam.commandCalls(ListAccessKeysCommand)).toHaveLength(3);
    expect(iam.commandCalls(ListServerCertificatesCommand)).toHaveLength(2);
  });

  it('reads ACM certificates with a validity, describing those whose summary is not enough', async () => {
    const region = 'eu-west-1';
    acm.on(ListCertificatesCommand).resolves({
      CertificateSummaryList: [
        issued(region, 'web'),
        issued(region, 'many-names', { HasAdditionalSubjectAlternativeNames: true }),
        issued(region, 'imported', { Type: 'IMPORTED', InUse: false }),
        issued(region, 'pending', { Status: 'PENDING_VALIDATION', NotAfter: undefined }),
        issued(region, 'no-dates', { NotAfter: undefined }),
      ],
    });
    acm
      .on(DescribeCertificateCommand, { CertificateArn: certificateArn(region, 'many-names') })
      .resolves({
        Certificate: {
          CertificateArn: certificateArn(region, 'many-names'),
          DomainName: 'many-names.example.com',
          SubjectAlternativeNames: ['many-names.example.com', 'a.example.com', 'b.example.com'],
          Status: 'ISSUED',
          Type: 'AMAZON_ISSUED',
          NotAfter: new Date('2027-02-01T00:00:00Z'),
          InUseBy: [`arn:aws:elasticloadbalancing:${region}:${ACCOUNT}:loadbalancer/app/web/1`],
          Issuer: 'Amazon',
          Serial: '0a:1b',
        },
      });
    acm
      .on(DescribeCertificateCommand, { CertificateArn: certificateArn(region, 'imported') })
      .resolves({
        Certificate: {
          CertificateArn: certificateArn(region, 'imported'),
          DomainName: 'imported.example.com',
          Status: 'ISSUED',
          Type: 'IMPORTED',
          NotAfter: new Date('2026-12-24T00:00:00Z'),
          Issuer: 'Example CA',
          Subject: 'CN=imported.example.com,O=Example',
          KeyAlgorithm: 'EC_prime256v1',
        },
      });
    acm
      .on(DescribeCertificateCommand, { CertificateArn: certificateArn(region, 'no-dates') })
      .resolves({ Certificate: { CertificateArn: certificateArn(region, 'no-dates') } });

    const discovery = await awsDiscovery()({ settings: settings([region]), credentials: ACCESS });

    expect(
      acm.commandCalls(DescribeCertificateCommand).map((call) => call.args[0].input.CertificateArn),
    ).toEqual([
      certificateArn(region, 'many-names'),
      certificateArn(region, 'imported'),
      certificateArn(region, 'no-dates'),
    ]);
    const certificates = discovery.tokens.filter((token) => token.externalId.includes(':acm:'));
    expect(certificates).toEqual([
      {
        externalId: certificateArn(region, 'web'),
        name: 'ACM certificate web.example.com (eu-west-1)',
        type: 'tls_cert',
        expiresAt: '2027-03-01',
        // ACM renews what it issued: the token is created marked "renews automatically".
        renewsAutomatically: true,
        fields: {
          domains: ['web.example.com'],
          subject: 'CN=web.example.com',
          issuer: 'Amazon',
          serial_number: null,
          algorithm: 'RSA_2048',
          key_size: 2048,
          location: `ACM eu-west-1, account ${ACCOUNT}`,
          used_by: 'In use',
          description: 'Issued by ACM, which renews it by itself while it is in use and validated.',
        },
      },
      expect.objectContaining({
        externalId: certificateArn(region, 'many-names'),
        expiresAt: '2027-02-01',
        fields: expect.objectContaining({
          domains: ['many-names.example.com', 'a.example.com', 'b.example.com'],
          serial_number: '0a:1b',
          used_by: `arn:aws:elasticloadbalancing:${region}:${ACCOUNT}:loadbalancer/app/web/1`,
        }) as unknown,
      }),
      expect.objectContaining({
        externalId: certificateArn(region, 'imported'),
        expiresAt: '2026-12-24',
        renewsAutomatically: false,
        fields: expect.objectContaining({
          issuer: 'Example CA',
          subject: 'CN=imported.example.com,O=Example',
          algorithm: 'EC_prime256v1',
          key_size: null,
          used_by: null,
          description:
            'Imported into ACM: renew it with its issuer and import it again. Not in use by any AWS resource.',
        }) as unknown,
      }),
    ]);
  });

  it('takes a secret’s next rotation or its expiry tag, with its last rotation and access, and skips the rest', async () => {
    const listed = {
      SecretList: [
        {
          ARN: secretArn('eu-west-1', 'db'),
          Name: 'prod/db',
          RotationEnabled: true,
          RotationRules: { AutomaticallyAfterDays: 30 },
          NextRotationDate: new Date('2026-12-20T00:00:00Z'),
          LastRotatedDate: new Date('2026-11-20T03:00:00Z'),
          LastAccessedDate: new Date('2026-11-25T00:00:00Z'),
        },
        {
          ARN: secretArn('eu-west-1', 'vendor'),
          Name: 'vendor/api-key',
          Tags: [{ Key: SECRET_EXPIRY_TAG, Value: '2027-06-30' }],
        },
        {
          ARN: secretArn('eu-west-1', 'both'),
          Name: 'both',
          RotationEnabled: true,
          RotationRules: { AutomaticallyAfterDays: 1 },
          NextRotationDate: new Date('2027-08-01T00:00:00Z'),
          Tags: [{ Key: SECRET_EXPIRY_TAG, Value: '2027-07-01' }],
        },
        { ARN: secretArn('eu-west-1', 'plain'), Name: 'plain' },
        {
          ARN: secretArn('eu-west-1', 'bad-tag'),
          Name: 'bad-tag',
          Tags: [{ Key: SECRET_EXPIRY_TAG, Value: '2027-02-30' }],
        },
        {
          ARN: secretArn('eu-west-1', 'leaving'),
          Name: 'leaving',
          RotationEnabled: true,
          NextRotationDate: new Date('2026-12-01T00:00:00Z'),
          DeletedDate: new Date('2026-11-20T00:00:00Z'),
        },
        {
          ARN: secretArn('eu-west-1', 'replica'),
          Name: 'replica',
          RotationEnabled: true,
          NextRotationDate: new Date('2026-12-01T00:00:00Z'),
          PrimaryRegion: 'us-east-1',
        },
      ],
    };
    secrets.on(ListSecretsCommand).callsFake(byRegion({ 'eu-west-1': listed }, { SecretList: [] }));

    const discovery = await awsDiscovery()({
      settings: settings(['eu-west-1', 'us-east-1']),
      credentials: ACCESS,
    });

    const found = discovery.tokens.filter((token) => token.type === 'secret');
    expect(found.map((token) => [token.name, token.expiresAt, token.fields?.description])).toEqual([
      [
        'Secret prod/db (eu-west-1)',
        '2026-12-20',
        'Rotated automatically every 30 days. Last rotated 2026-11-20. Last accessed 2026-11-25.',
      ],
      [
        'Secret vendor/api-key (eu-west-1)',
        '2027-06-30',
        `Not rotated: the expiry is its tag ${SECRET_EXPIRY_TAG}. Never rotated. Never accessed.`,
      ],
      [
        'Secret both (eu-west-1)',
        '2027-07-01',
        'Rotated automatically every day. Never rotated. Never accessed.',
      ],
    ]);
  });

  it('computes an access key’s due date from its creation and the maximum age, in UTC', () => {
    expect(accessKeyExpiry(new Date('2026-01-01T00:00:00Z'), 90)).toBe('2026-04-01');
    expect(accessKeyExpiry(new Date('2027-12-31T23:59:59Z'), 60)).toBe('2028-02-29');
    expect(accessKeyExpiry(new Date('2026-03-28T23:30:00-02:00'), 1)).toBe('2026-03-30');
    expect(accessKeyExpiry(new Date('2026-11-26T10:00:00Z'), 365)).toBe('2027-11-26');
  });

  it('reports access denied on one service in one region and syncs the rest, leaving that part’s tokens as they are', async () => {
    // The denial comes from the eu-west-1 client only.
    secrets
      .on(ListSecretsCommand)
      .callsFake(async (_input: unknown, getClient: () => SecretsManagerClient) => {
        const region = await getClient().config.region();
        if (region === 'eu-west-1') {
          throw serviceError(
            'AccessDeniedException',
            400,
            'User: arn:aws:sts::123456789012:assumed-role/Read/expiry-radar is not authorized to perform: secretsmanager:ListSecrets',
          );
        }
        return {
          SecretList: [
            {
              ARN: secretArn(region, 'db'),
              Name: 'db',
              RotationEnabled: true,
              NextRotationDate: new Date('2026-12-20T00:00:00Z'),
            },
          ],
        };
      });
    acm
      .on(ListCertificatesCommand)
      .callsFake(
        byRegion(
          { 'eu-west-1': { CertificateSummaryList: [issued('eu-west-1', 'web')] } },
          { CertificateSummaryList: [] },
        ),
      );

    const discovery = await awsDiscovery()({
      settings: settings(['eu-west-1', 'us-east-1']),
      credentials: ACCESS,
    });

    expect(discovery.errors).toEqual([
      "Secrets Manager in eu-west-1: access denied — check the role's policy allows secretsmanager:ListSecrets",
    ]);
    expect(discovery.unreadPrefixes).toEqual([
      `arn:aws:secretsmanager:eu-west-1:${ACCOUNT}:secret:`,
    ]);
    expect(discovery.tokens.map((token) => token.externalId).sort()).toEqual(
      [secretArn('us-east-1', 'db'), certificateArn('eu-west-1', 'web')].sort(),
    );
  });

  it('reports IAM access denied (its own error name and 403) for the lists IAM refused', async () => {
    iam.on(ListUsersCommand).rejects(serviceError('AccessDenied', 403));

    const discovery = await awsDiscovery()({ settings: settings(), credentials: ACCESS });

    expect(discovery.errors).toEqual([
      "IAM access keys: access denied — check the role's policy allows iam:ListUsers and iam:ListAccessKeys",
    ]);
    expect(discovery.unreadPrefixes).toEqual(['iam-access-key:']);
  });

  it('reads nothing, and leaves every token as it is, when the role cannot be assumed', async () => {
    sts
      .on(AssumeRoleCommand)
      .rejects(
        serviceError(
          'AccessDenied',
          403,
          'User: arn:aws:sts::999999999999:assumed-role/sync is not authorized to perform: sts:AssumeRole',
        ),
      );

    const discovery = await awsDiscovery()({ settings: settings(), credentials: ACCESS });

    expect(discovery).toEqual({
      tokens: [],
      errors: [
        `Could not assume the role ${ROLE_ARN}: AWS refused it (AccessDenied) — check the role ARN, and that the role's trust policy trusts Expiry Radar's account with the external id expiry-radar-ws-1.`,
      ],
      unreadPrefixes: [''],
    });
    expect(acm.calls()).toEqual([]);
    expect(secrets.calls()).toEqual([]);
    expect(iam.calls()).toEqual([]);

    // STS out of reach (no network, no credentials of its own) reads as plainly.
    sts
      .on(AssumeRoleCommand)
      .rejects(new Error('getaddrinfo ENOTFOUND sts.eu-west-1.amazonaws.com'));
    const unreachable = await awsDiscovery()({ settings: settings(), credentials: ACCESS });
    expect(unreachable.errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Could not assume the role ${ROLE_ARN}: Error: getaddrinfo ENOTFOUND sts\\.eu-west-1\\.amazonaws\\.com — check the role ARN`,
        ),
      ),
    ]);
    expect(unreachable.unreadPrefixes).toEqual(['']);
  });

  it('calls nothing in the customer’s account but the actions of the role customers deploy', async () => {
    acm.on(ListCertificatesCommand).resolves({
      CertificateSummaryList: [issued('eu-west-1', 'imported', { Type: 'IMPORTED' })],
    });
    acm.on(DescribeCertificateCommand).resolves({ Certificate: {} });
    iam.on(ListUsersCommand).resolves({
      Users: [
        {
          UserName: 'ci',
          Path: '/',
          UserId: 'ci',
          Arn: `arn:aws:iam::${ACCOUNT}:user/ci`,
          CreateDate: new Date(),
        },
      ],
      IsTruncated: false,
    });
    iam.on(ListAccessKeysCommand).resolves({ AccessKeyMetadata: [], IsTruncated: false });

    await awsDiscovery()({ settings: settings(['eu-west-1', 'us-west-2']), credentials: ACCESS });

    // Every action the role allows is used, and nothing else is: the template cannot drift.
    expect(actionsSent()).toEqual([...AWS_DISCOVERY_ACTIONS].sort());
  });
});

describe('describeReadFailure', () => {
  const part = { label: 'ACM in eu-west-1', actions: 'acm:ListCertificates' };

  it('names throttling past the retries, a refused session and any other error', () => {
    expect(describeReadFailure(part, serviceError('ThrottlingException', 400))).toBe(
      'ACM in eu-west-1: AWS kept throttling the requests after 6 attempts; the next sync tries again',
    );
    expect(describeReadFailure(part, serviceError('UnrecognizedClientException', 403))).toBe(
      "ACM in eu-west-1: the role's session was refused (UnrecognizedClientException) — check the region is enabled in the account",
    );
    expect(describeReadFailure(part, new Error('socket hang up'))).toBe(
      'ACM in eu-west-1: Error: socket hang up',
    );
  });
});

describe('awsDiscovery retries', () => {
  it('retries a throttled call (the SDK’s own retry) and reads what the retry answers', async () => {
    acm.restore();
    const answers: Array<{ status: number; body: unknown }> = [
      { status: 400, body: { __type: 'ThrottlingException', message: 'Rate exceeded' } },
      {
        status: 200,
        body: {
          CertificateSummaryList: [
            {
              ...issued('eu-west-1', 'web'),
              NotAfter: Date.parse('2027-03-01T12:00:00Z') / 1000,
            },
          ],
        },
      },
    ];
    const targets: string[] = [];
    const requestHandler = {
      handle: (request: { headers: Record<string, string> }) => {
        targets.push(request.headers['x-amz-target'] ?? '');
        const answer = answers.shift() ?? { status: 500, body: {} };
        return Promise.resolve({
          response: {
            statusCode: answer.status,
            headers: { 'content-type': 'application/x-amz-json-1.1' },
            body: new TextEncoder().encode(JSON.stringify(answer.body)),
          },
        });
      },
      updateHttpClientConfig: () => undefined,
      httpHandlerConfigs: () => ({}),
    };

    const discovery = await awsDiscovery({ clientSettings: { requestHandler } })({
      settings: settings(),
      credentials: ACCESS,
    });

    expect(targets).toEqual([
      'CertificateManager.ListCertificates',
      'CertificateManager.ListCertificates',
    ]);
    expect(discovery.errors).toEqual([]);
    expect(discovery.tokens.map((token) => [token.externalId, token.expiresAt])).toEqual([
      [certificateArn('eu-west-1', 'web'), '2027-03-01'],
    ]);
  });
});
