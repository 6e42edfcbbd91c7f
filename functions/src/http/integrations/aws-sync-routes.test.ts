/**
 * Syncing an AWS integration through the routes, the sync engine and the table (DynamoDB Local).
 * The customer's account (STS, ACM, Secrets Manager, IAM) is played by aws-sdk-client-mock: no
 * emulator here plays those services.
 */
import { ACMClient, ListCertificatesCommand } from '@aws-sdk/client-acm';
import {
  IAMClient,
  ListAccessKeysCommand,
  ListServerCertificatesCommand,
  ListUsersCommand,
} from '@aws-sdk/client-iam';
import { ListSecretsCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import type { Integration, SyncReport } from '@expiry-radar/shared/api/integration-api-schemas';
import { mockClient, type AwsClientStub } from 'aws-sdk-client-mock';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { listAllTokens } from '../../data/token-records';
import { resetConfigForTests } from '../../platform/config';
import { handler as createIntegration } from './create-integration';
import { handler as syncIntegration } from './sync-integration';

const ACCOUNT = '123456789012';
const REGION = 'eu-west-1';
const CERT_ARN = `arn:aws:acm:${REGION}:${ACCOUNT}:certificate/web`;
const SECRET_ARN = `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:prod/db-AbCdEf`;
const SERVER_CERT_ARN = `arn:aws:iam::${ACCOUNT}:server-certificate/legacy`;

let sts: AwsClientStub<STSClient>;
let acm: AwsClientStub<ACMClient>;
let secrets: AwsClientStub<SecretsManagerClient>;
let iam: AwsClientStub<IAMClient>;

beforeAll(() => {
  // The account the functions run in: without it (the local runtime) no role is assumed.
  process.env.DISCOVERY_ACCOUNT_ID = '111122223333';
  resetConfigForTests();
  sts = mockClient(STSClient);
  acm = mockClient(ACMClient);
  secrets = mockClient(SecretsManagerClient);
  iam = mockClient(IAMClient);
});
afterAll(() => {
  for (const stub of [sts, acm, secrets, iam]) stub.restore();
  delete process.env.DISCOVERY_ACCOUNT_ID;
  resetConfigForTests();
});

/** The customer's account as one sync finds it. */
function givenAccount(account: {
  certificateNotAfter: string;
  accessKeys: Array<{ id: string; created: string }>;
  serverCertificates: boolean;
  secretsDenied: boolean;
}) {
  for (const stub of [sts, acm, secrets, iam]) stub.reset();
  sts.on(AssumeRoleCommand).resolves({
    Credentials: {
      AccessKeyId: 'ASIATEMPORARY',
      SecretAccessKey: 'temporary',
      SessionToken: 'session',
      Expiration: new Date(Date.now() + 900_000),
    },
  });
  acm.on(ListCertificatesCommand).resolves({
    CertificateSummaryList: [
      {
        CertificateArn: CERT_ARN,
        DomainName: 'www.example.com',
        SubjectAlternativeNameSummaries: ['www.example.com'],
        Status: 'ISSUED',
        Type: 'AMAZON_ISSUED',
        KeyAlgorithm: 'RSA_2048',
        InUse: true,
        NotAfter: new Date(`${account.certificateNotAfter}T12:00:00Z`),
      },
    ],
  });
  if (account.secretsDenied) {
    secrets.on(ListSecretsCommand).rejects(
      Object.assign(new Error('not authorized to perform: secretsmanager:ListSecrets'), {
        name: 'AccessDeniedException',
        $metadata: { httpStatusCode: 400 },
      }),
    );
  } else {
    secrets.on(ListSecretsCommand).resolves({
      SecretList: [
        {
          ARN: SECRET_ARN,
          Name: 'prod/db',
          RotationEnabled: true,
          NextRotationDate: new Date('2027-01-15T00:00:00Z'),
        },
      ],
    });
  }
  iam.on(ListUsersCommand).resolves({
    Users: [
      {
        UserName: 'ci',
        Path: '/',
        UserId: 'AIDACI',
        Arn: `arn:aws:iam::${ACCOUNT}:user/ci`,
        CreateDate: new Date('2025-01-01T00:00:00Z'),
      },
    ],
    IsTruncated: false,
  });
  iam.on(ListAccessKeysCommand).resolves({
    AccessKeyMetadata: account.accessKeys.map((key) => ({
      UserName: 'ci',
      AccessKeyId: key.id,
      Status: 'Active',
      CreateDate: new Date(`${key.created}T08:00:00Z`),
    })),
    IsTruncated: false,
  });
  iam.on(ListServerCertificatesCommand).resolves({
    ServerCertificateMetadataList: account.serverCertificates
      ? [
          {
            Path: '/',
            ServerCertificateName: 'legacy',
            ServerCertificateId: 'ASCALEGACY',
            Arn: SERVER_CERT_ARN,
            Expiration: new Date('2027-04-01T00:00:00Z'),
          },
        ]
      : [],
    IsTruncated: false,
  });
}

async function discovered(workspaceId: string) {
  return (await listAllTokens(workspaceId))
    .map((record) => record.token)
    .filter((token) => token.source)
    .map((token) => [
      token.source?.external_id,
      token.type,
      token.expiresAt,
      token.source?.removed_at ? 'removed' : 'present',
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

describe('POST .../integrations/{iid}/sync of an AWS integration', () => {
  it('creates what the role finds, then follows a rotated key and a renewed certificate, marks what vanished removed and leaves a failed service’s tokens alone', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const created = await invoke(
      createIntegration,
      routeRequest('POST', '/api/v1/workspaces/{id}/integrations', {
        params: { id: team.workspaceId },
        cookie: team.admin.cookie,
        body: {
          kind: 'aws',
          name: 'Production account',
          settings: {
            role_arn: `arn:aws:iam::${ACCOUNT}:role/ExpiryRadarDiscovery`,
            regions: [REGION],
            access_key_max_age_days: 90,
          },
        },
      }),
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json as Integration;
    const sync = () =>
      invoke(
        syncIntegration,
        routeRequest('POST', '/api/v1/workspaces/{id}/integrations/{iid}/sync', {
          params: { id: team.workspaceId, iid: id },
          cookie: team.admin.cookie,
        }),
      );

    givenAccount({
      certificateNotAfter: '2026-12-31',
      accessKeys: [{ id: 'AKIAOLDKEY', created: '2026-10-01' }],
      serverCertificates: true,
      secretsDenied: false,
    });
    const first = await sync();
    expect(first.statusCode).toBe(200);
    expect(first.json).toMatchObject({ created: 4, updated: 0, removed: 0, errors: [] });
    expect(sts.commandCalls(AssumeRoleCommand)[0]?.args[0].input).toMatchObject({
      ExternalId: `expiry-radar-${team.workspaceId}`,
      RoleSessionName: `expiry-radar-${team.workspaceId}`.slice(0, 64),
    });
    expect(await discovered(team.workspaceId)).toEqual([
      [CERT_ARN, 'tls_cert', '2026-12-31', 'present'],
      [SERVER_CERT_ARN, 'tls_cert', '2027-04-01', 'present'],
      [SECRET_ARN, 'secret', '2027-01-15', 'present'],
      ['iam-access-key:AKIAOLDKEY', 'api_key', '2026-12-30', 'present'],
    ]);

    // The key was rotated, the certificate renewed, the server certificate deleted, and the
    // role lost its Secrets Manager permission.
    givenAccount({
      certificateNotAfter: '2027-12-31',
      accessKeys: [{ id: 'AKIANEWKEY', created: '2026-11-20' }],
      serverCertificates: false,
      secretsDenied: true,
    });
    const second = await sync();
    expect(second.statusCode).toBe(200);
    expect(second.json as SyncReport).toMatchObject({
      created: 1,
      updated: 1,
      renewed: 1,
      removed: 2,
      errors: [
        `Secrets Manager in ${REGION}: access denied — check the role's policy allows secretsmanager:ListSecrets`,
      ],
    });
    expect(await discovered(team.workspaceId)).toEqual([
      [CERT_ARN, 'tls_cert', '2027-12-31', 'present'],
      [SERVER_CERT_ARN, 'tls_cert', '2027-04-01', 'removed'],
      [SECRET_ARN, 'secret', '2027-01-15', 'present'],
      ['iam-access-key:AKIANEWKEY', 'api_key', '2027-02-18', 'present'],
      ['iam-access-key:AKIAOLDKEY', 'api_key', '2026-12-30', 'removed'],
    ]);

    // A role that can no longer be assumed changes nothing.
    givenAccount({
      certificateNotAfter: '2027-12-31',
      accessKeys: [],
      serverCertificates: false,
      secretsDenied: false,
    });
    sts.on(AssumeRoleCommand).rejects(
      Object.assign(new Error('not authorized to perform: sts:AssumeRole'), {
        name: 'AccessDenied',
        $metadata: { httpStatusCode: 403 },
      }),
    );
    const third = await sync();
    expect(third.json as SyncReport).toMatchObject({ created: 0, updated: 0, removed: 0 });
    expect((third.json as SyncReport).errors).toEqual([
      expect.stringContaining(
        `the role's trust policy trusts the account 111122223333 with the external id expiry-radar-${team.workspaceId}`,
      ),
    ]);
    expect((await discovered(team.workspaceId)).map((row) => row[3])).toEqual([
      'present',
      'removed',
      'present',
      'present',
      'removed',
    ]);
  });
});
