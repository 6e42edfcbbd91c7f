import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { keys } from './keys';

export interface UserRecord {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly name: string | null;
  readonly avatar: string | null;
  readonly plan: string;
  readonly downgraded: boolean;
  readonly emailVerified: boolean;
  readonly createdAt: string;
}

export async function findUserById(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.user(userId) }),
  );
  return Item ? toUserRecord(Item) : undefined;
}

function toUserRecord(item: Record<string, unknown>): UserRecord {
  return {
    id: String(item.id),
    email: String(item.email),
    displayName: String(item.displayName ?? item.email),
    name: typeof item.name === 'string' ? item.name : null,
    avatar: typeof item.avatar === 'string' ? item.avatar : null,
    plan: typeof item.plan === 'string' ? item.plan : 'free',
    downgraded: item.downgraded === true,
    emailVerified: item.emailVerified === true,
    createdAt: String(item.createdAt),
  };
}
