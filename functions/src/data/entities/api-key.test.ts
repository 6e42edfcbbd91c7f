import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { apiKeyCodec, apiKeyCredentialCodec, type ApiKeyRecord } from './api-key';
import { MalformedItemError } from './entity-codec';

const recordArbitrary: fc.Arbitrary<ApiKeyRecord> = fc.record({
  id: fc.uuid(),
  userId: fc.uuid(),
  name: fc.string({ minLength: 1 }),
  workspaceId: fc.option(fc.uuid(), { nil: null }),
  workspaceName: fc.option(fc.string({ minLength: 1 }), { nil: null }),
  access: fc.constantFrom('read' as const, 'read_write' as const),
  createdAt: isoInstant,
  expiresOn: isoInstant.map((instant) => instant.slice(0, 10)),
  lastUsedAt: fc.option(isoInstant, { nil: null }),
  secretHash: fc.base64String({ minLength: 4 }),
  tokenId: fc.uuid(),
  tokenWorkspaceId: fc.uuid(),
});

const record: ApiKeyRecord = {
  id: 'key-1',
  userId: 'user-1',
  name: 'CI',
  workspaceId: null,
  workspaceName: null,
  access: 'read',
  createdAt: '2030-01-01T00:00:00.000Z',
  expiresOn: '2030-04-01',
  lastUsedAt: null,
  secretHash: 'hash',
  tokenId: 'token-1',
  tokenWorkspaceId: 'ws-1',
};

describe('API key codecs', () => {
  it('read back every record they wrote, and write items their schema accepts', () => {
    expectRoundTrip(apiKeyCodec, recordArbitrary);
    expectRoundTrip(apiKeyCredentialCodec, recordArbitrary);
  });

  it("key the list entry under the user and the credential by the secret's hash", () => {
    expect(apiKeyCodec.toItem(record)).toMatchObject({
      pk: 'USER#user-1',
      sk: 'API_KEY#key-1',
      gsi1pk: 'USER#user-1',
      gsi1sk: 'API_KEY#key-1',
    });
    const credential = apiKeyCredentialCodec.toItem(record);
    expect(credential).toMatchObject({
      pk: 'API_KEY#hash',
      sk: 'API_KEY',
      gsi1pk: 'USER#user-1',
      gsi1sk: 'API_KEY_CREDENTIAL#hash',
    });
    expect(credential).not.toHaveProperty('workspaceId');
  });

  it('refuses an item without its access', () => {
    const { access: _access, ...item } = apiKeyCodec.toItem(record);
    expect(() => apiKeyCodec.fromItem(item)).toThrow(MalformedItemError);
  });
});
