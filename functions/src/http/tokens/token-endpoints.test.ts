import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  createRequest,
  deleteRequest,
  givenWorkspace,
  inDays,
  updateRequest,
} from '../../../test-support/token-fixtures';
import { writeEndpointCheck } from '../../data/endpoint-records';
import { endpointScheduleCodec } from '../../data/entities/endpoint-schedule';
import { keys } from '../../data/keys';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';

const certificate = (workspaceId: string, endpoints: unknown, extra: object = {}) => ({
  name: `Shop ${Math.random().toString(36).slice(2, 8)}`,
  category: 'cert',
  type: 'ssl_cert',
  expiresAt: inDays(60),
  workspace_id: workspaceId,
  endpoints,
  ...extra,
});

async function scheduleOf(token: Token) {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.endpointSchedule(token.workspace_id, token.id),
      ConsistentRead: true,
    }),
  );
  return Item ? endpointScheduleCodec.fromItem(Item) : undefined;
}

describe('certificate endpoints on token writes', () => {
  it('stores the endpoints with a schedule due at once, keeps last checks on edit, and removes it on delete', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const created = await createRequest(
      owner.cookie,
      certificate(workspaceId, 'shop.example.com\n203.0.113.7:8443 shop.example.com'),
    );
    expect(created.statusCode).toBe(201);
    const token = created.json as Token;
    expect(token.endpoints).toEqual([
      { host: 'shop.example.com', port: 443, sni: null },
      { host: '203.0.113.7', port: 8443, sni: 'shop.example.com' },
    ]);
    const schedule = await scheduleOf(token);
    expect(schedule).toMatchObject({ endpointCount: 2, intervalHours: 6 });
    expect(schedule!.nextCheckAt <= new Date().toISOString()).toBe(true);

    const check = {
      checked_at: new Date().toISOString(),
      status: 'ok' as const,
      problem: null,
      message: 'Serves the certificate',
      problem_since: null,
      consecutive_failures: 0,
      not_after: null,
      fingerprint_sha256: null,
      issuer: null,
      names: [],
      protocol: 'TLSv1.3',
      alerted_at: null,
    };
    expect(
      await writeEndpointCheck(keys.token(workspaceId, token.id), 0, token.endpoints![0]!, check),
    ).toBe(true);
    const renamed = await updateRequest(owner.cookie, token.id, {
      name: 'Shop, renamed',
      endpoints: [{ host: 'shop.example.com' }],
    });
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json as Token).endpoints).toEqual([
      { host: 'shop.example.com', port: 443, sni: null, last_check: check },
    ]);
    expect((await scheduleOf(token))?.endpointCount).toBe(1);

    expect((await deleteRequest(owner.cookie, token.id)).statusCode).toBe(200);
    expect(await scheduleOf(token)).toBeUndefined();
  });

  it("writes the schedule in the token's own transaction, so one is never left without the other", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const send = jest.spyOn(getDocumentClient(), 'send');
    /** The sort keys each write command of the request wrote, by command. */
    const writes = () =>
      send.mock.calls
        .map(([command]) => command)
        .filter((command) => /Put|Delete|Update|TransactWrite/.test(command.constructor.name))
        .map((command) => {
          const input = command.input as {
            Item?: { sk: string };
            Key?: { sk: string };
            TransactItems?: { Put?: { Item: { sk: string } }; Delete?: { Key: { sk: string } } }[];
          };
          const sortKeys = input.TransactItems
            ? input.TransactItems.map((item) => item.Put?.Item.sk ?? item.Delete?.Key.sk ?? '')
            : [input.Item?.sk ?? input.Key?.sk ?? ''];
          return { command: command.constructor.name, sortKeys };
        });
    try {
      const created = await createRequest(
        owner.cookie,
        certificate(workspaceId, 'shop.example.com'),
      );
      const token = created.json as Token;
      const scheduleKey = keys.endpointSchedule(workspaceId, token.id).sk;
      const scheduled = writes().filter(({ sortKeys }) => sortKeys.includes(scheduleKey));
      expect(scheduled).toEqual([
        {
          command: 'TransactWriteCommand',
          sortKeys: expect.arrayContaining([scheduleKey]) as string[],
        },
      ]);

      send.mockClear();
      await deleteRequest(owner.cookie, token.id);
      expect(writes().filter(({ sortKeys }) => sortKeys.includes(scheduleKey))).toEqual([
        {
          command: 'TransactWriteCommand',
          sortKeys: expect.arrayContaining([scheduleKey]) as string[],
        },
      ]);
      expect(await scheduleOf(token)).toBeUndefined();
    } finally {
      send.mockRestore();
    }
  });

  it("holds a workspace to its plan's endpoints and hourly checks, certificates only", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'free' });
    const five = Array.from({ length: 5 }, (_, index) => ({ host: `s${index}.example.com` }));
    const first = await createRequest(owner.cookie, certificate(workspaceId, five));
    expect(first.statusCode).toBe(201);

    const sixth = await createRequest(owner.cookie, certificate(workspaceId, 'six.example.com'));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json).toMatchObject({
      code: 'PLAN_LIMIT',
      error:
        'A workspace on the Free plan can monitor 5 endpoints. Upgrade the plan to monitor more.',
    });
    // An edit that adds none is not refused.
    const edited = await updateRequest(owner.cookie, (first.json as Token).id, { notes: 'ok' });
    expect(edited.statusCode).toBe(200);

    const hourly = await createRequest(
      owner.cookie,
      certificate(workspaceId, [], { endpoint_check_frequency: 'hourly' }),
    );
    expect(hourly.statusCode).toBe(409);
    expect(hourly.json).toMatchObject({
      error: 'Hourly endpoint checks are available on the Enterprise plan',
    });

    const key = await createRequest(owner.cookie, {
      name: 'Deploy key',
      category: 'key_secret',
      type: 'api_key',
      expiresAt: inDays(30),
      workspace_id: workspaceId,
      endpoints: 'api.example.com',
    });
    expect(key.statusCode).toBe(400);
    expect(key.json).toMatchObject({ error: 'Only certificates can have endpoints to check' });

    const bad = await createRequest(owner.cookie, certificate(workspaceId, 'http://x/ y z'));
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an entry that does not read as host[:port] [SNI name] with 400, naming it', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const refusal = async (endpoints: unknown) => {
      const response = await createRequest(owner.cookie, certificate(workspaceId, endpoints));
      expect(response.statusCode).toBe(400);
      return (response.json as { error: string }).error;
    };
    expect(await refusal('bad host name:99999')).toContain(
      '"bad host name:99999": one endpoint is host[:port] and an optional SNI name; a host name has no spaces',
    );
    expect(await refusal('a b c d')).toContain('"a b c d": one endpoint is host[:port]');
    expect(await refusal('shop.example.com\n256.1.1.1:443')).toContain(
      '"256.1.1.1:443": 256.1.1.1 is not an IPv4 address: four numbers from 0 to 255',
    );
    expect(await refusal('shop.example.com:99999')).toContain(
      '"shop.example.com:99999": Port must be a whole number from 1 to 65535',
    );
    expect(await refusal([{ host: '256.1.1.1', port: 443 }])).toContain(
      'Endpoint 1: Enter a host name or IP address',
    );
    expect(await refusal([{ host: 'shop.example.com', port: 70000 }])).toContain(
      'Endpoint 1: Port must be a whole number from 1 to 65535',
    );
  });

  it('lets Enterprise check hourly', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'enterprise' });
    const created = await createRequest(
      owner.cookie,
      certificate(workspaceId, 'shop.example.com', { endpoint_check_frequency: 'hourly' }),
    );
    expect(created.statusCode).toBe(201);
    expect((await scheduleOf(created.json as Token))?.intervalHours).toBe(1);
  });
});
