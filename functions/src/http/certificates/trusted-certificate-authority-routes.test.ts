import { X509Certificate } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type {
  ListTrustedCasResponse,
  TrustedCa,
} from '@expiry-radar/shared/api/trusted-ca-api-schemas';
import { API_KEY_MESSAGES, defaultApiKeyExpiry } from '@expiry-radar/shared/domain/api-keys';
import { PRIVATE_KEY_MESSAGE } from '@expiry-radar/shared/domain/certificate-text';
import {
  TRUSTED_CA_MESSAGES,
  TRUSTED_CAS_PER_WORKSPACE,
} from '@expiry-radar/shared/domain/trusted-certificate-authorities';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { makeCertificateAuthority, makeCertificateChain } from '../../../test-support/certificates';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { keys } from '../../data/keys';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { handler as createApiKey } from '../api-keys/create-api-key';
import { handler as deleteWorkspace } from '../workspaces/delete-workspace';
import { handler as addCa } from './add-trusted-certificate-authority';
import { handler as listCas } from './list-trusted-certificate-authorities';
import { handler as removeCa } from './remove-trusted-certificate-authority';

const COLLECTION = '/api/v1/workspaces/{id}/trusted-certificate-authorities';
const ONE = `${COLLECTION}/{caId}`;

const chain = makeCertificateChain({
  commonName: 'intranet.example.com',
  altNames: 'DNS:intranet.example.com',
});
const rootCertificate = new X509Certificate(chain.root.pem);
const rootId = rootCertificate.fingerprint256.replace(/:/g, '').toLowerCase();

const list = (workspaceId: string, cookie: string | undefined) =>
  invoke(listCas, routeRequest('GET', COLLECTION, { params: { id: workspaceId }, cookie }));

const add = (workspaceId: string, cookie: string | undefined, body: unknown) =>
  invoke(addCa, routeRequest('POST', COLLECTION, { params: { id: workspaceId }, cookie, body }));

const remove = (workspaceId: string, caId: string, cookie: string | undefined) =>
  invoke(removeCa, routeRequest('DELETE', ONE, { params: { id: workspaceId, caId }, cookie }));

const errorOf = (answer: { json?: unknown }) => (answer.json as { error: string }).error;

const auditOf = async (workspaceId: string) =>
  listWorkspaceAuditEvents(workspaceId, { count: 100, now: new Date() });

async function workspaceCount(workspaceId: string): Promise<unknown> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.workspace(workspaceId),
      ConsistentRead: true,
    }),
  );
  return Item?.trustedCaCount;
}

describe('the trusted certificate authority routes', () => {
  it('lets an admin add a CA certificate, which every member then lists', async () => {
    const team = await givenTeam();
    // Text around the block (a bundle's comments) is left out of what is stored.
    const added = await add(team.workspaceId, team.admin.cookie, {
      pem: `Internal root\n${chain.root.pem}\n`,
    });
    expect(added.statusCode).toBe(201);
    const ca = added.json as TrustedCa;
    expect(ca).toMatchObject({
      id: rootId,
      subject: 'CN=Test Root CA, O=Test Trust',
      issuer: 'CN=Test Root CA, O=Test Trust',
      not_after: new Date(rootCertificate.validTo).toISOString(),
      fingerprint_sha256: rootCertificate.fingerprint256,
      pem: rootCertificate.toString(),
      added_by: { id: team.admin.userId, email: team.admin.email },
    });

    for (const member of [team.admin, team.manager, team.viewer]) {
      const listed = await list(team.workspaceId, member.cookie);
      expect(listed.statusCode).toBe(200);
      expect(listed.json).toEqual({ items: [ca], limit: TRUSTED_CAS_PER_WORKSPACE });
    }
    expect((await list(team.workspaceId, team.outsider.cookie)).statusCode).toBe(404);
    expect((await list(team.workspaceId, undefined)).statusCode).toBe(401);
  });

  it('refuses workspace managers, viewers and outsiders the changes', async () => {
    const team = await givenTeam();
    for (const member of [team.manager, team.viewer]) {
      const refused = await add(team.workspaceId, member.cookie, { pem: chain.root.pem });
      expect([refused.statusCode, errorOf(refused)]).toEqual([403, TRUSTED_CA_MESSAGES.forbidden]);
    }
    const outsider = await add(team.workspaceId, team.outsider.cookie, { pem: chain.root.pem });
    expect(outsider.statusCode).toBe(404);

    expect(
      (await add(team.workspaceId, team.admin.cookie, { pem: chain.root.pem })).statusCode,
    ).toBe(201);
    const managerRemoves = await remove(team.workspaceId, rootId, team.manager.cookie);
    expect([managerRemoves.statusCode, errorOf(managerRemoves)]).toEqual([
      403,
      TRUSTED_CA_MESSAGES.forbidden,
    ]);
    const listed = (await list(team.workspaceId, team.viewer.cookie))
      .json as ListTrustedCasResponse;
    expect(listed.items.map((item) => item.id)).toEqual([rootId]);
  });

  it('answers every wrong upload with 400 and its reason, storing nothing', async () => {
    const team = await givenTeam();
    // Its first line holds the DER structure's header.
    const garbled = chain.root.pem.replace(/\n[A-Za-z0-9+/=]+\n/, `\n${'A'.repeat(64)}\n`);
    const cases: Array<[unknown, string]> = [
      [{}, TRUSTED_CA_MESSAGES.pemRequired],
      [{ pem: '   ' }, TRUSTED_CA_MESSAGES.pemRequired],
      [{ pem: 'not a certificate' }, TRUSTED_CA_MESSAGES.noCertificate],
      [{ pem: 'x'.repeat(16_385) }, TRUSTED_CA_MESSAGES.pemTooLong],
      [{ pem: chain.leaf.keyPem }, PRIVATE_KEY_MESSAGE],
      [{ pem: chain.root.pem + chain.intermediate.pem }, TRUSTED_CA_MESSAGES.severalCertificates],
      [{ pem: chain.leaf.pem }, TRUSTED_CA_MESSAGES.notCertificateAuthority],
      [
        { pem: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' },
        TRUSTED_CA_MESSAGES.unreadable,
      ],
      [{ pem: garbled }, TRUSTED_CA_MESSAGES.unreadable],
    ];
    for (const [body, message] of cases) {
      const answer = await add(team.workspaceId, team.admin.cookie, body);
      expect([answer.statusCode, errorOf(answer)]).toEqual([400, message]);
    }
    const listed = (await list(team.workspaceId, team.admin.cookie)).json as ListTrustedCasResponse;
    expect(listed.items).toEqual([]);
    expect(await auditOf(team.workspaceId)).toEqual([]);
  });

  it('refuses the same certificate twice with 409, and a workspace beyond its limit', async () => {
    const team = await givenTeam();
    expect(
      (await add(team.workspaceId, team.admin.cookie, { pem: chain.root.pem })).statusCode,
    ).toBe(201);
    // The same certificate, pasted with other line endings, is the same certificate authority.
    const again = await add(team.workspaceId, team.admin.cookie, {
      pem: chain.root.pem.replace(/\n/g, '\r\n'),
    });
    expect([again.statusCode, errorOf(again)]).toEqual([409, TRUSTED_CA_MESSAGES.duplicate]);

    for (let index = 1; index < TRUSTED_CAS_PER_WORKSPACE; index += 1) {
      const ca = makeCertificateAuthority({ commonName: `Internal CA ${index}`, key: 'ec:P-256' });
      expect((await add(team.workspaceId, team.admin.cookie, { pem: ca.pem })).statusCode).toBe(
        201,
      );
    }
    const beyond = makeCertificateAuthority({ commonName: 'One too many', key: 'ec:P-256' });
    const refused = await add(team.workspaceId, team.admin.cookie, { pem: beyond.pem });
    expect([refused.statusCode, errorOf(refused)]).toEqual([409, TRUSTED_CA_MESSAGES.limit]);
    // At the limit, the same certificate again still says it is already trusted.
    const duplicateAtLimit = await add(team.workspaceId, team.admin.cookie, {
      pem: chain.root.pem,
    });
    expect(errorOf(duplicateAtLimit)).toBe(TRUSTED_CA_MESSAGES.duplicate);
    expect(await workspaceCount(team.workspaceId)).toBe(TRUSTED_CAS_PER_WORKSPACE);

    // Removing one gives its place back.
    expect((await remove(team.workspaceId, rootId, team.admin.cookie)).statusCode).toBe(200);
    expect((await add(team.workspaceId, team.admin.cookie, { pem: beyond.pem })).statusCode).toBe(
      201,
    );
  });

  it('removes a certificate authority (audited), and answers 404 for one not trusted', async () => {
    const team = await givenTeam();
    await add(team.workspaceId, team.admin.cookie, { pem: chain.root.pem });
    const removed = await remove(team.workspaceId, rootId.toUpperCase(), team.admin.cookie);
    expect([removed.statusCode, removed.json]).toEqual([200, { ok: true }]);
    const listed = (await list(team.workspaceId, team.admin.cookie)).json as ListTrustedCasResponse;
    expect(listed.items).toEqual([]);
    expect(await workspaceCount(team.workspaceId)).toBe(0);

    const twice = await remove(team.workspaceId, rootId, team.admin.cookie);
    expect([twice.statusCode, errorOf(twice)]).toEqual([404, TRUSTED_CA_MESSAGES.notFound]);
    const malformed = await remove(team.workspaceId, 'not-a-fingerprint', team.admin.cookie);
    expect([malformed.statusCode, errorOf(malformed)]).toEqual([
      400,
      TRUSTED_CA_MESSAGES.invalidId,
    ]);

    const events = await auditOf(team.workspaceId);
    expect(events.map((event) => event.action)).toEqual(['trusted_ca.removed', 'trusted_ca.added']);
    for (const event of events) {
      expect(event).toMatchObject({
        actor: { id: team.admin.userId },
        target: { type: 'trusted_ca', id: rootId, name: 'CN=Test Root CA, O=Test Trust' },
        metadata: { fingerprint_sha256: rootCertificate.fingerprint256 },
      });
    }
  });

  it('keeps a frozen workspace as it is', async () => {
    const team = await givenTeam({ frozen: true });
    const refused = await add(team.workspaceId, team.admin.cookie, { pem: chain.root.pem });
    expect(refused.statusCode).toBe(403);
    expect((refused.json as { code: string }).code).toBe('WORKSPACE_FROZEN');
    expect((await list(team.workspaceId, team.viewer.cookie)).statusCode).toBe(200);
  });

  it('takes API keys as their scope allows: read-only keys list, read-write keys add', async () => {
    const team = await givenTeam();
    const keyOf = async (access: 'read' | 'read_write') => {
      const created = await invoke(
        createApiKey,
        routeRequest('POST', '/api/account/api-keys', {
          cookie: team.admin.cookie,
          body: {
            name: `PKI ${access}`,
            workspace_id: team.workspaceId,
            access,
            expires_at: defaultApiKeyExpiry(new Date()),
          },
        }),
      );
      expect(created.statusCode).toBe(201);
      return (created.json as { secret: string; key: { id: string } }).secret;
    };
    const withKey = (
      handler: typeof addCa,
      secret: string,
      method: 'GET' | 'POST',
      body?: unknown,
    ) =>
      invoke(
        handler,
        apiGatewayEvent({
          method,
          path: `/api/v1/workspaces/${team.workspaceId}/trusted-certificate-authorities`,
          routePath: COLLECTION,
          pathParameters: { id: team.workspaceId },
          body,
          headers: { authorization: `Bearer ${secret}` },
        }),
      );

    const readOnly = await keyOf('read');
    expect((await withKey(listCas, readOnly, 'GET')).statusCode).toBe(200);
    const refused = await withKey(addCa, readOnly, 'POST', { pem: chain.root.pem });
    expect([refused.statusCode, errorOf(refused)]).toEqual([403, API_KEY_MESSAGES.readOnly]);

    const readWrite = await keyOf('read_write');
    expect((await withKey(addCa, readWrite, 'POST', { pem: chain.root.pem })).statusCode).toBe(201);
    const [event] = await auditOf(team.workspaceId);
    expect(event).toMatchObject({
      action: 'trusted_ca.added',
      metadata: { api_key: { name: 'PKI read_write' } },
    });
  });

  it('goes with its workspace when the workspace is deleted', async () => {
    const team = await givenTeam();
    await add(team.workspaceId, team.admin.cookie, { pem: chain.root.pem });
    const deleted = await invoke(
      deleteWorkspace,
      routeRequest('DELETE', '/api/v1/workspaces/{id}', {
        params: { id: team.workspaceId },
        cookie: team.admin.cookie,
      }),
    );
    expect(deleted.statusCode).toBe(200);
    const { Item } = await getDocumentClient().send(
      new GetCommand({
        TableName: getConfig().tableName,
        Key: keys.trustedCertificateAuthority(team.workspaceId, rootId),
        ConsistentRead: true,
      }),
    );
    expect(Item).toBeUndefined();
  });
});
