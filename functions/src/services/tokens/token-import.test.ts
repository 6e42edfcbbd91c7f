import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { writeCsv } from '@expiry-radar/shared/domain/csv-text';
import { givenToken, inDays, listRequest } from '../../../test-support/token-fixtures';
import { buildToken, seedToken, seedTokens } from '../../../test-support/token-seeding';
import { givenTeam } from '../../../test-support/workspace-fixtures';
import { keys } from '../../data/keys';
import { updateToken } from '../../data/token-mutations';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { loadWorkspaceAccess } from '../workspaces/workspace-access';
import { applyImport, importAnswer, planImport } from './token-import';

const csv = (rows: string[][]) => writeCsv(['name', 'type', 'expiresAt', 'notes'], rows);

/** A plan read now, and what writing it later answers. */
async function planThenApply(
  workspaceId: string,
  userId: string,
  content: string,
  meanwhile: () => Promise<void>,
) {
  const access = await loadWorkspaceAccess(workspaceId, { id: userId, twoFactorEnabled: false });
  const now = new Date();
  const plan = await planImport({
    access,
    request: { format: 'csv', content, dryRun: false },
    now,
  });
  await meanwhile();
  await applyImport(plan, { access, now });
  return importAnswer(plan);
}

describe('an import written after the workspace changed', () => {
  it('refuses a row whose token was edited meanwhile (CONFLICT) and writes the others', async () => {
    const { workspaceId, admin } = await givenTeam();
    const token = await givenToken(admin.cookie, workspaceId, {
      name: 'Shared key',
      type: 'api_key',
      expiresAt: inDays(20),
    });
    const answer = await planThenApply(
      workspaceId,
      admin.userId,
      csv([
        ['Shared key', 'api_key', inDays(20), 'from the file'],
        ['Fresh key', 'api_key', inDays(30), ''],
      ]),
      async () => {
        await updateToken(token, { notes: 'edited by a person' }, new Date());
      },
    );
    expect(answer.outcomes).toEqual(['refused', 'create']);
    expect(answer.invalid).toEqual([
      {
        row: 1,
        field: null,
        message: 'This token was changed or deleted meanwhile. Reload and try again.',
        code: 'CONFLICT',
      },
    ]);
    const list = await listRequest(admin.cookie, `workspace_id=${workspaceId}&sort=name_asc`);
    expect(list.json).toMatchObject({
      total: 2,
      items: [{ name: 'Fresh key' }, { name: 'Shared key', notes: 'edited by a person' }],
    });
  });

  it('reads the limit again when tokens were added meanwhile: the earliest rows fit', async () => {
    const { workspaceId, admin } = await givenTeam({ plan: 'free' });
    await seedTokens(
      workspaceId,
      Array.from({ length: 47 }, (_, index) =>
        buildToken(workspaceId, { name: `Seeded ${index}`, expiresAt: inDays(50) }),
      ),
    );
    const answer = await planThenApply(
      workspaceId,
      admin.userId,
      csv([
        ['One', 'api_key', inDays(10), ''],
        ['Two', 'api_key', inDays(10), ''],
        ['Three', 'api_key', inDays(10), ''],
      ]),
      async () => {
        await seedToken(workspaceId, { name: 'Added meanwhile' });
      },
    );
    expect(answer.outcomes).toEqual(['create', 'create', 'refused']);
    expect(answer.invalid).toEqual([expect.objectContaining({ row: 3, code: 'PLAN_LIMIT' })]);
    const list = await listRequest(admin.cookie, `workspace_id=${workspaceId}&limit=1`);
    expect(list.json).toMatchObject({ total: 50 });
  });

  it('refuses every row when the workspace was frozen meanwhile', async () => {
    const { workspaceId, admin } = await givenTeam();
    const answer = await planThenApply(
      workspaceId,
      admin.userId,
      csv([
        ['One', 'api_key', inDays(10), ''],
        ['Two', 'api_key', inDays(10), ''],
      ]),
      async () => {
        await getDocumentClient().send(
          new UpdateCommand({
            TableName: getConfig().tableName,
            Key: keys.workspace(workspaceId),
            UpdateExpression: 'SET isFrozen = :true',
            ExpressionAttributeValues: { ':true': true },
          }),
        );
      },
    );
    expect(answer.outcomes).toEqual(['refused', 'refused']);
    expect(answer.invalid.map((problem) => problem.code)).toEqual([
      'WORKSPACE_FROZEN',
      'WORKSPACE_FROZEN',
    ]);
    expect(answer.created).toBe(0);
  });
});
