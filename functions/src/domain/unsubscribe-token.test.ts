import fc from 'fast-check';
import {
  signUnsubscribeToken,
  signWeeklySummaryUnsubscribeToken,
  verifyEmailLinkToken,
  verifyUnsubscribeToken,
} from './unsubscribe-token';

const KEY = 'current key material';
const OLD = 'previous key material';

describe('unsubscribe token', () => {
  it('reads back the address (lower case) and workspaces it was signed for', () => {
    fc.assert(
      fc.property(
        fc.emailAddress(),
        fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 5 }),
        (address, workspaceIds) => {
          const token = signUnsubscribeToken({ address, workspaceIds }, KEY);
          expect(verifyUnsubscribeToken(token, [KEY])).toEqual({
            address: address.toLowerCase(),
            workspaceIds,
          });
        },
      ),
    );
  });

  it('verifies with the key before a rotation, and refuses any other key', () => {
    const token = signUnsubscribeToken({ address: 'a@example.com', workspaceIds: ['ws-1'] }, OLD);
    expect(verifyUnsubscribeToken(token, [KEY, OLD])).not.toBeNull();
    expect(verifyUnsubscribeToken(token, [KEY])).toBeNull();
  });

  it('refuses a token whose workspaces or address were changed', () => {
    const token = signUnsubscribeToken({ address: 'a@example.com', workspaceIds: ['ws-1'] }, KEY);
    const [version, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ a: 'a@example.com', w: ['ws-2'] })).toString(
      'base64url',
    );
    expect(verifyUnsubscribeToken(`${version}.${forged}.${signature}`, [KEY])).toBeNull();
    expect(verifyUnsubscribeToken(`${token}x`, [KEY])).toBeNull();
    expect(verifyUnsubscribeToken('v1.e30.', [KEY])).toBeNull();
    expect(verifyUnsubscribeToken('', [KEY])).toBeNull();
  });

  it('signs the weekly summary of a user apart from alert emails', () => {
    const token = signWeeklySummaryUnsubscribeToken(
      { address: 'Ada@Example.com', userId: 'user-1' },
      KEY,
    );
    expect(verifyEmailLinkToken(token, [KEY])).toEqual({
      kind: 'weekly_summary',
      address: 'ada@example.com',
      userId: 'user-1',
    });
    // It stops no workspace's alert emails, and an alerts link names no user.
    expect(verifyUnsubscribeToken(token, [KEY])).toBeNull();
    const alerts = signUnsubscribeToken({ address: 'a@example.com', workspaceIds: ['ws-1'] }, KEY);
    expect(verifyEmailLinkToken(alerts, [KEY])).toEqual({
      kind: 'alerts',
      address: 'a@example.com',
      workspaceIds: ['ws-1'],
    });
    const [version, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ a: 'ada@example.com', u: 'user-2' })).toString(
      'base64url',
    );
    expect(verifyEmailLinkToken(`${version}.${forged}.${signature}`, [KEY])).toBeNull();
  });
});
