import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { LocalAppProcess } from './local-app-process';

/**
 * Sets the plan of a user and their workspace as a test precondition, written through the app's
 * data layer into the runtime's DynamoDB Local as the functions tests do. (Users change plans with
 * `POST /api/account/upgrade`, which the billing e2e test covers; this skips its freezing and
 * audit trail for tests about something else.) Leaves this process pointed at that table
 * (DYNAMODB_ENDPOINT, TABLE_NAME), so later writes through the data layer, such as seeded tokens,
 * go there too.
 */
export async function setLocalPlan(
  app: LocalAppProcess,
  target: { email: string; workspaceId: string; plan: Plan },
): Promise<void> {
  const { applyLocalCredentials } =
    await import('@expiry-radar/functions/local/emulators/local-credentials');
  applyLocalCredentials();
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: app.endpoints.dynamoDb,
    TABLE_NAME: app.tableName,
  });
  // Clients and settings cached for other emulators (an earlier benchmark's) would be used else.
  const { resetConfigForTests } = await import('@expiry-radar/functions/platform/config');
  const { resetAwsClientsForTests } = await import('@expiry-radar/functions/platform/aws-clients');
  resetConfigForTests();
  resetAwsClientsForTests();
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { findUserIdByEmail } = await import('@expiry-radar/functions/data/user-records');
  const { keys } = await import('@expiry-radar/functions/data/keys');
  const { getDocumentClient } = await import('@expiry-radar/functions/platform/aws-clients');
  const userId = await findUserIdByEmail(target.email);
  if (!userId) throw new Error(`No user ${target.email}`);
  for (const key of [keys.user(userId), keys.workspace(target.workspaceId)]) {
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: app.tableName,
        Key: key,
        UpdateExpression: 'SET #plan = :plan',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: { ':plan': target.plan },
      }),
    );
  }
}
