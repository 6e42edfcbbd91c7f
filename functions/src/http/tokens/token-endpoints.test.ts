import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  createRequest,
  deleteRequest,
  givenWorkspace,
  inDays,
  updateRequest,
} from '../../../test-support/token-fixtures';
import { OK_CHECK, takeCheckMessages } from '../../../test-support/endpoint-check-fixtures';
import { writeEndpointCheck } from '../../data/endpoint-records';
import { findToken } from '../../data/token-records';
import { runEndpointDispatch } from '../../jobs/endpoint-dispatch';
import { endpointScheduleCodec } from '../../data/entities/endpoint-schedule';
import { keys } from '../../data/keys';
import { getDocumentClient, getSqsClient } from '../../platform/aws-clients';
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

const hoursUntil = (instant: string) => (Date.parse(instant) - Date.now()) / 3_600_000;

describe('certificate endpoints on token writes', () => {
  it('stores the endpoints with their schedule, keeps last checks on edit, and removes it on delete', async () => {
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
    // Never checked, both are checked at once: the schedule moved on by its interval.
    const schedule = await scheduleOf(token);
    expect(schedule).toMatchObject({ endpointCount: 2, intervalHours: 6 });
    expect(hoursUntil(schedule!.nextCheckAt)).toBeGreaterThan(5.9);
    expect(await takeCheckMessages(token)).toHaveLength(2);

    expect(
      await writeEndpointCheck(
        keys.token(workspaceId, token.id),
        0,
        token.endpoints![0]!,
        OK_CHECK,
      ),
    ).toBe(true);
    const renamed = await updateRequest(owner.cookie, token.id, {
      name: 'Shop, renamed',
      endpoints: [{ host: 'shop.example.com' }],
    });
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json as Token).endpoints).toEqual([
      { host: 'shop.example.com', port: 443, sni: null, last_check: OK_CHECK },
    ]);
    // Its one endpoint left was checked: its schedule is due, the next dispatch checks it.
    const kept = await scheduleOf(token);
    expect(kept?.endpointCount).toBe(1);
    expect(hoursUntil(kept!.nextCheckAt)).toBeLessThanOrEqual(0);
    expect(await takeCheckMessages(token)).toEqual([]);

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
      // Then moved on from its first check, which is sent at once.
      expect(scheduled).toEqual([
        {
          command: 'TransactWriteCommand',
          sortKeys: expect.arrayContaining([scheduleKey]) as string[],
        },
        { command: 'UpdateCommand', sortKeys: [scheduleKey] },
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

describe('endpoints checked at once when saved', () => {
  it('sends a new endpoint to the check queue, which the next dispatch does not send again', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const created = await createRequest(owner.cookie, certificate(workspaceId, 'shop.example.com'));
    expect(created.statusCode).toBe(201);
    const token = created.json as Token;
    const message = { workspaceId, tokenId: token.id, host: 'shop.example.com', port: 443 };
    expect(await takeCheckMessages(token)).toEqual([{ ...message, sni: null }]);
    const dispatched: EndpointCheckMessage[] = [];
    await runEndpointDispatch(new Date(), {
      enqueue: (batch) => (dispatched.push(...batch), Promise.resolve([])),
    });
    expect(dispatched.filter(({ tokenId }) => tokenId === token.id)).toEqual([]);

    // An edit of other fields sends none; an endpoint added (or changed) sends the token's round.
    const moved = (await scheduleOf(token))!.nextCheckAt;
    await writeEndpointCheck(keys.token(workspaceId, token.id), 0, token.endpoints![0]!, OK_CHECK);
    expect(
      (await updateRequest(owner.cookie, token.id, { notes: 'Renews itself' })).statusCode,
    ).toBe(200);
    expect(await takeCheckMessages(token)).toEqual([]);
    expect((await scheduleOf(token))?.nextCheckAt).toBe(moved);
    const added = await updateRequest(owner.cookie, token.id, {
      endpoints: 'shop.example.com\nshop.example.com:8443',
    });
    expect(added.statusCode).toBe(200);
    const round = await takeCheckMessages(token);
    expect(round.sort((a, b) => a.port - b.port)).toEqual([
      { ...message, sni: null },
      { ...message, port: 8443, sni: null },
    ]);
  });

  it('saves the token when the queue takes nothing, its schedule left due for the dispatcher', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const send = jest
      .spyOn(getSqsClient(), 'send')
      .mockRejectedValue(new Error('Queue unavailable') as never);
    let created;
    try {
      created = await createRequest(owner.cookie, certificate(workspaceId, 'shop.example.com'));
    } finally {
      send.mockRestore();
    }
    expect(created.statusCode).toBe(201);
    const token = created.json as Token;
    expect(await findToken(workspaceId, token.id)).toMatchObject({ endpoints: token.endpoints });
    expect(hoursUntil((await scheduleOf(token))!.nextCheckAt)).toBeLessThanOrEqual(0);
    expect(await takeCheckMessages(token)).toEqual([]);
  });

  it("checks only the endpoints within the plan's limit after a downgrade, marking the others paused", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const four = (prefix: string) =>
      Array.from({ length: 4 }, (_, index) => ({ host: `${prefix}${index}.example.com` }));
    const older = await createRequest(owner.cookie, certificate(workspaceId, four('a')));
    const newer = (await createRequest(owner.cookie, certificate(workspaceId, four('b'))))
      .json as Token;
    expect(older.statusCode).toBe(201);
    await takeCheckMessages(newer);
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.workspace(workspaceId),
        UpdateExpression: 'SET #plan = :plan',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: { ':plan': 'free' },
      }),
    );
    // Free monitors 5: the older token's 4, then the first of the newer one's.
    const changed = await updateRequest(owner.cookie, newer.id, {
      endpoints: four('c'),
    });
    expect(changed.statusCode).toBe(200);
    expect((await takeCheckMessages(newer)).map(({ host }) => host)).toEqual(['c0.example.com']);
    const stored = await findToken(workspaceId, newer.id);
    expect(stored?.endpoints?.map((endpoint) => Boolean(endpoint.paused_since))).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });
});
