import { randomUUID } from 'node:crypto';
import type { Token } from '@expiry-radar/shared/domain/token';
import { givenToken, inDays } from '../../../test-support/token-fixtures';
import { givenTeam } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import type { IntegrationRecord } from '../../data/entities/integration';
import {
  findIntegration,
  insertIntegration,
  replaceIntegration,
} from '../../data/integration-records';
import { listAllTokens } from '../../data/token-records';
import { getDocumentClient } from '../../platform/aws-clients';
import type { DiscoveredToken, Discovery } from '../../domain/discovery';
import { syncFromDiscovery } from './sync-engine';

const WRITE_COMMANDS = new Set([
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'TransactWriteCommand',
  'BatchWriteCommand',
]);

/** The table writes `run` sends, by command name and, for a transaction, the keys it writes. */
async function countWrites(run: () => Promise<unknown>): Promise<string[]> {
  const client = getDocumentClient();
  const original = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  const writes: string[] = [];
  const spy = jest.spyOn(client, 'send').mockImplementation(((command: {
    constructor: { name: string };
    input: { Item?: { sk?: string }; Key?: { sk?: string }; TransactItems?: unknown[] };
  }) => {
    const name = command.constructor.name;
    if (WRITE_COMMANDS.has(name)) {
      const sk = command.input.Item?.sk ?? command.input.Key?.sk ?? '';
      writes.push(`${name} ${sk.split('#')[0] ?? ''}`.trim());
    }
    return original(command);
  }) as never);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return writes;
}

async function givenIntegration(
  workspaceId: string,
  rules?: IntegrationRecord['rules'],
): Promise<IntegrationRecord> {
  const at = new Date().toISOString();
  const record: IntegrationRecord = {
    workspaceId,
    integrationId: randomUUID(),
    kind: 'gitlab',
    name: 'GitLab',
    schedule: 'daily',
    enabled: true,
    settings: { base_url: 'https://gitlab.example.com', project_ids: [], group_ids: [] },
    sealedCredentials: null,
    lastSync: null,
    ...(rules ? { rules } : {}),
    revision: 0,
    createdAt: at,
    updatedAt: at,
  };
  await insertIntegration(record, null);
  return record;
}

const found = (externalId: string, name: string, days: number): DiscoveredToken => ({
  externalId,
  name,
  type: 'api_key',
  expiresAt: inDays(days),
  fields: { location: 'gitlab.example.com', issuer: 'GitLab' },
});

const discovery = (tokens: DiscoveredToken[], extra: Partial<Discovery> = {}): Discovery => ({
  tokens,
  errors: [],
  unreadPrefixes: [],
  ...extra,
});

async function discoveredTokens(workspaceId: string): Promise<Token[]> {
  return (await listAllTokens(workspaceId))
    .map((record) => record.token)
    .filter((token) => token.source !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe('syncFromDiscovery', () => {
  it('creates, then updates on renewal and marks vanished tokens removed; a sync with nothing changed writes nothing', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const integration = await givenIntegration(team.workspaceId);
    const workspace = { workspaceId: team.workspaceId, plan: 'pro' as const };
    // Each sync reads the integration as stored, its last sync included, as the routes do.
    const sync = async (tokens: DiscoveredToken[], at = new Date()) =>
      syncFromDiscovery({
        workspace,
        integration: (await findIntegration(team.workspaceId, integration.integrationId))!,
        discovery: discovery(tokens),
        actor: { id: team.admin.userId, email: team.admin.email },
        dryRun: false,
        now: at,
      });
    const first = [
      found('pat:1', 'CI token', 20),
      found('pat:2', 'Deploy bot', 40),
      found('pat:3', 'Release token', 60),
    ];

    const preview = await syncFromDiscovery({
      workspace,
      integration,
      discovery: discovery(first),
      actor: { id: team.admin.userId, email: team.admin.email },
      dryRun: true,
      now: new Date(),
    });
    expect(preview).toMatchObject({ dry_run: true, created: 3, updated: 0, removed: 0 });
    expect(preview.changes.map((change) => [change.action, change.name])).toEqual([
      ['create', 'CI token'],
      ['create', 'Deploy bot'],
      ['create', 'Release token'],
    ]);
    expect(await discoveredTokens(team.workspaceId)).toEqual([]);

    const created = await sync(first);
    expect(created).toMatchObject({ created: 3, updated: 0, removed: 0, unchanged: 0 });
    const afterFirst = await discoveredTokens(team.workspaceId);
    expect(afterFirst.map((token) => [token.name, token.source])).toEqual([
      [
        'CI token',
        {
          kind: 'gitlab',
          integration_id: integration.integrationId,
          external_id: 'pat:1',
          removed_at: null,
        },
      ],
      ['Deploy bot', expect.objectContaining({ external_id: 'pat:2' }) as unknown],
      ['Release token', expect.objectContaining({ external_id: 'pat:3' }) as unknown],
    ]);

    const recorded = await findIntegration(team.workspaceId, integration.integrationId);
    const writes = await countWrites(() => sync(first));
    // Nothing changed and no errors, as before: not a token, not an audit event, not the last sync.
    expect(writes).toEqual([]);
    expect(await discoveredTokens(team.workspaceId)).toEqual(afterFirst);
    expect(await findIntegration(team.workspaceId, integration.integrationId)).toEqual(recorded);

    const armedAt = async (name: string) =>
      (await listAllTokens(team.workspaceId)).find((record) => record.token.name === name)?.schedule
        .nextAlertAt;
    const armedBefore = await armedAt('CI token');
    expect(armedBefore).toEqual(expect.any(String));

    // The source renews one (and renames nothing), and removes another.
    const renewedAt = new Date(Date.now() + 1_000);
    const second = await sync([found('pat:1', 'CI token', 200), first[2]!], renewedAt);
    expect(second).toMatchObject({ created: 0, updated: 1, renewed: 1, removed: 1, unchanged: 1 });
    const afterSecond = await discoveredTokens(team.workspaceId);
    expect(
      afterSecond.map((token) => [token.name, token.expiresAt, token.source?.removed_at]),
    ).toEqual([
      ['CI token', inDays(200), null],
      ['Deploy bot', inDays(40), renewedAt.toISOString()],
      ['Release token', inDays(60), null],
    ]);
    // Re-armed as a manual renewal is: its next window follows the new expiry.
    expect((await armedAt('CI token'))! > armedBefore!).toBe(true);
    // Same ids: matched on the source, not created again.
    expect(afterSecond.map((token) => token.id)).toEqual(afterFirst.map((token) => token.id));

    // The removed one comes back: the mark goes.
    const third = await sync(
      [found('pat:1', 'CI token', 200), first[1]!, first[2]!],
      new Date(Date.now() + 2_000),
    );
    expect(third).toMatchObject({ created: 0, updated: 1, removed: 0, unchanged: 2 });
    expect((await discoveredTokens(team.workspaceId)).map((t) => t.source?.removed_at)).toEqual([
      null,
      null,
      null,
    ]);

    const stored = await findIntegration(team.workspaceId, integration.integrationId);
    expect(stored?.lastSync).toEqual({
      at: expect.any(String) as string,
      created: 0,
      updated: 1,
      removed: 0,
      errors: [],
    });
    const events = await listWorkspaceAuditEvents(team.workspaceId, { count: 20, now: new Date() });
    const syncs = events.filter((event) => event.action === 'integration.synced');
    // One event per sync that changed something: none for the preview or the unchanged sync.
    expect(syncs).toHaveLength(3);
    expect(syncs[0]?.metadata).toMatchObject({ kind: 'gitlab', updated: 1, unchanged: 2 });
  });

  it('an unchanged sync writes only when its errors appear, change or clear', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const { integrationId } = await givenIntegration(team.workspaceId);
    const tokens = [found('pat:1', 'CI token', 20), found('project:7:1', 'Project token', 20)];
    let at = Date.now();
    const sync = async (extra: Partial<Discovery> = {}) =>
      syncFromDiscovery({
        workspace: { workspaceId: team.workspaceId, plan: 'pro' },
        integration: (await findIntegration(team.workspaceId, integrationId))!,
        discovery: discovery(tokens, extra),
        actor: { id: team.admin.userId, email: team.admin.email },
        dryRun: false,
        now: new Date((at += 1_000)),
      });
    const failing = { errors: ['Project 7: 403 Forbidden'], unreadPrefixes: ['project:7:'] };
    await sync();

    // Errors appear: recorded, though no token changed.
    expect((await countWrites(() => sync(failing))).sort()).toEqual([
      'PutCommand AUDIT',
      'UpdateCommand INTEGRATION',
    ]);
    expect((await findIntegration(team.workspaceId, integrationId))?.lastSync?.errors).toEqual(
      failing.errors,
    );
    // The same errors again: nothing written.
    expect(await countWrites(() => sync(failing))).toEqual([]);
    // The errors clear: recorded.
    expect((await countWrites(() => sync())).sort()).toEqual([
      'PutCommand AUDIT',
      'UpdateCommand INTEGRATION',
    ]);
    expect((await findIntegration(team.workspaceId, integrationId))?.lastSync?.errors).toEqual([]);
    // Clean again: nothing written.
    expect(await countWrites(() => sync())).toEqual([]);
  });

  it('never duplicates a token typed in by hand with the same name and type: a link candidate', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const integration = await givenIntegration(team.workspaceId);
    const byHand = await givenToken(team.admin.cookie, team.workspaceId, {
      name: 'CI token',
      type: 'api_key',
    });
    const report = await syncFromDiscovery({
      workspace: { workspaceId: team.workspaceId, plan: 'pro' },
      integration,
      discovery: discovery([found('pat:1', 'CI token', 20), found('pat:2', 'Other', 20)]),
      actor: { id: team.admin.userId, email: team.admin.email },
      dryRun: false,
      now: new Date(),
    });
    expect(report.created).toBe(1);
    expect(report.link_candidates).toEqual([
      { token_id: byHand.id, name: 'CI token', type: 'api_key', external_id: 'pat:1' },
    ]);
    const tokens = (await listAllTokens(team.workspaceId)).map((record) => record.token.name);
    expect(tokens.filter((name) => name === 'CI token')).toHaveLength(1);
  });

  it('does not mark removed what could not be read, and reports the errors', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const integration = await givenIntegration(team.workspaceId);
    const base = {
      workspace: { workspaceId: team.workspaceId, plan: 'pro' as const },
      integration,
      actor: { id: team.admin.userId, email: team.admin.email },
      dryRun: false,
    };
    await syncFromDiscovery({
      ...base,
      discovery: discovery([found('project:7:1', 'Project token', 20), found('pat:1', 'Mine', 20)]),
      now: new Date(),
    });
    const report = await syncFromDiscovery({
      ...base,
      discovery: discovery([], {
        errors: ['Project 7: 403 Forbidden'],
        unreadPrefixes: ['project:7:'],
      }),
      now: new Date(Date.now() + 1_000),
    });
    expect(report).toMatchObject({ removed: 1, errors: ['Project 7: 403 Forbidden'] });
    expect(report.changes).toEqual([expect.objectContaining({ action: 'remove', name: 'Mine' })]);
  });

  it("stops at the plan's token limit and says so", async () => {
    const team = await givenTeam({ plan: 'free' });
    const integration = await givenIntegration(team.workspaceId);
    const many = Array.from({ length: 51 }, (_, index) => found(`pat:${index}`, `T${index}`, 20));
    const report = await syncFromDiscovery({
      workspace: { workspaceId: team.workspaceId, plan: 'free' },
      integration,
      discovery: discovery(many),
      actor: { id: team.admin.userId, email: team.admin.email },
      dryRun: false,
      now: new Date(),
    });
    expect(report.created).toBe(0);
    expect(report.errors).toEqual([
      "The plan's token limit is reached: the remaining tokens were not created.",
    ]);
  });

  it('keeps only what the rules keep: excluded items never appear, a token now excluded is removed at source, and deleted after the days the rules give', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const integration = await givenIntegration(team.workspaceId, {
      include: ['^prod', 'project:9:'],
      exclude: ['sandbox'],
      removed: 'delete',
      delete_after_days: 7,
    });
    const items = [
      found('pat:1', 'prod deploy', 20),
      found('pat:2', 'prod sandbox', 20),
      found('pat:3', 'staging', 20),
      found('project:9:1', 'Project nine', 20),
    ];
    const day = 86_400_000;
    const start = Date.now();
    const sync = async (tokens: DiscoveredToken[], at: number, dryRun = false) =>
      syncFromDiscovery({
        workspace: { workspaceId: team.workspaceId, plan: 'pro' },
        integration: (await findIntegration(team.workspaceId, integration.integrationId))!,
        discovery: discovery(tokens),
        actor: { id: team.admin.userId, email: team.admin.email },
        dryRun,
        now: new Date(at),
      });

    const preview = await sync(items, start, true);
    expect(preview.found).toEqual([
      { external_id: 'pat:1', name: 'prod deploy', type: 'api_key', kept: true },
      { external_id: 'pat:2', name: 'prod sandbox', type: 'api_key', kept: false },
      { external_id: 'pat:3', name: 'staging', type: 'api_key', kept: false },
      { external_id: 'project:9:1', name: 'Project nine', type: 'api_key', kept: true },
    ]);
    expect(await sync(items, start)).toMatchObject({ created: 2, removed: 0, deleted: 0 });
    expect((await discoveredTokens(team.workspaceId)).map((token) => token.name)).toEqual([
      'prod deploy',
      'Project nine',
    ]);

    // The rules now exclude "Project nine": treated like a token removed at source.
    await replaceIntegration({
      ...(await findIntegration(team.workspaceId, integration.integrationId))!,
      rules: { include: ['^prod'], exclude: ['sandbox'], removed: 'delete', delete_after_days: 7 },
      revision: 1,
    });
    const removed = await sync(items, start + day);
    expect(removed).toMatchObject({ created: 0, removed: 1, deleted: 0, unchanged: 1 });
    expect(removed.changes).toEqual([
      expect.objectContaining({ action: 'remove', name: 'Project nine' }),
    ]);
    // Six days later it is still marked; a second sync writes nothing.
    expect(await countWrites(() => sync(items, start + 7 * day))).toEqual([]);
    // Seven days after it was marked: deleted, and audited with the count.
    const deleted = await sync(items, start + 8 * day);
    expect(deleted).toMatchObject({ deleted: 1, removed: 0, created: 0 });
    expect((await discoveredTokens(team.workspaceId)).map((token) => token.name)).toEqual([
      'prod deploy',
    ]);
    const stored = await findIntegration(team.workspaceId, integration.integrationId);
    expect(stored?.lastSync).toMatchObject({ deleted: 1, removed: 0 });
    const [event] = await listWorkspaceAuditEvents(team.workspaceId, {
      count: 1,
      now: new Date(start + 9 * day),
    });
    expect(event?.metadata).toMatchObject({ deleted: 1 });
    expect(await countWrites(() => sync(items, start + 9 * day))).toEqual([]);
  });
});
