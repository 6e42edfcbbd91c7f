import fc from 'fast-check';
import {
  INTEGRATION_KINDS,
  INTEGRATION_SCHEDULES,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { integrationCodec, type IntegrationRecord } from './integration';

const integrationArbitrary: fc.Arbitrary<IntegrationRecord> = fc.record({
  workspaceId: fc.uuid(),
  integrationId: fc.uuid(),
  kind: fc.constantFrom(...INTEGRATION_KINDS),
  name: fc.string({ minLength: 1, maxLength: 20 }),
  schedule: fc.constantFrom(...INTEGRATION_SCHEDULES),
  enabled: fc.boolean(),
  settings: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string()),
  sealedCredentials: fc.option(fc.string({ minLength: 1 }), { nil: null }),
  lastSync: fc.option(
    fc.record({
      at: isoInstant,
      created: fc.nat(),
      updated: fc.nat(),
      removed: fc.nat(),
      errors: fc.array(fc.string()),
    }),
    { nil: null },
  ),
  nextSyncAt: fc.option(isoInstant, { nil: null }),
  syncingSince: fc.option(isoInstant, { nil: null }),
  revision: fc.nat(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});

const integration: IntegrationRecord = {
  workspaceId: 'ws-1',
  integrationId: 'int-1',
  kind: 'gitlab',
  name: 'GitLab',
  schedule: 'daily',
  enabled: false,
  settings: { base_url: 'https://gitlab.com' },
  sealedCredentials: 'env1.local.a.b.c.d',
  lastSync: null,
  revision: 0,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

describe('integration codec', () => {
  it('reads back every integration it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(integrationCodec, integrationArbitrary);
  });

  it('keys it under its workspace', () => {
    expect(integrationCodec.keyOf(integration)).toEqual(keys.integration('ws-1', 'int-1'));
    expect(integrationCodec.toItem(integration)).toMatchObject({
      pk: 'WS#ws-1',
      sk: 'INTEGRATION#int-1',
      entity: 'INTEGRATION',
    });
  });

  it('reads an unknown schedule as daily and an unreadable last sync as none', () => {
    const item = {
      ...integrationCodec.toItem(integration),
      schedule: 'hourly',
      lastSync: { at: 5 },
    };
    expect(integrationCodec.fromItem(item)).toMatchObject({ schedule: 'daily', lastSync: null });
  });

  it('puts only an integration with a next scheduled sync on the due index', () => {
    const due = integrationCodec.toItem({ ...integration, nextSyncAt: '2030-01-02T00:00:00.000Z' });
    expect(due).toMatchObject({
      dueShard: expect.stringMatching(/^INTEGRATION_SYNC#[0-3]$/) as string,
      nextAlertAt: '2030-01-02T00:00:00.000Z',
    });
    expect(integrationCodec.fromItem(due).nextSyncAt).toBe('2030-01-02T00:00:00.000Z');
    const notDue = integrationCodec.toItem({ ...integration, nextSyncAt: null });
    expect(notDue).not.toHaveProperty('dueShard');
    expect(notDue).not.toHaveProperty('nextAlertAt');
    expect(integrationCodec.fromItem(notDue).nextSyncAt).toBeNull();
  });

  it('refuses an item of an unknown kind', () => {
    const item = { ...integrationCodec.toItem(integration), kind: 'jenkins' };
    expect(() => integrationCodec.fromItem(item)).toThrow(MalformedItemError);
  });
});
