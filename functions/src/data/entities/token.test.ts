import fc from 'fast-check';
import { CATEGORIES, TOKEN_TYPES } from '@expiry-radar/shared/domain/categories';
import { tokenSchema, type Token } from '@expiry-radar/shared/domain/token';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import { dueShardOf } from '../../domain/alert-schedule';
import { keys, tokenIndexKeys } from '../keys';
import { MalformedItemError } from './entity-codec';
import {
  lastAlertFromItem,
  NO_ALERT_SCHEDULE,
  TOKEN_FIELDS_NAMES,
  TOKEN_FIELDS_PROJECTION,
  tokenCodec,
  tokenFromFieldsItem,
  tokenIndexSortKey,
  type TokenRecord,
} from './token';

const text = fc.option(fc.string(), { nil: null });

const tokenArbitrary: fc.Arbitrary<Token> = fc.record({
  id: fc.string({ minLength: 1 }),
  name: fc.string({ minLength: 1 }),
  type: fc.constantFrom(...TOKEN_TYPES),
  category: fc.constantFrom(...CATEGORIES),
  expiresAt: fc.string({ minLength: 1 }),
  section: text,
  domains: fc.array(fc.domain(), { maxLength: 3 }),
  location: text,
  used_by: text,
  contact_group_id: text,
  issuer: text,
  serial_number: text,
  subject: text,
  key_size: fc.option(fc.integer(), { nil: null }),
  algorithm: text,
  license_type: text,
  vendor: text,
  cost: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }),
  renewal_url: text,
  renewal_date: text,
  contacts: text,
  description: text,
  notes: text,
  created_at: fc.string(),
  updated_at: fc.string(),
  workspace_id: fc.string({ minLength: 1 }),
});

const recordArbitrary: fc.Arbitrary<TokenRecord> = fc.record({
  token: tokenArbitrary,
  schedule: fc.record({
    nextAlertAt: fc.option(
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      { nil: null },
    ),
    lastAlert: fc.option(
      fc.record(
        {
          expiresAt: fc.string(),
          threshold: fc.nat({ max: 365 }),
          escalated: fc.constant(true as const),
        },
        { requiredKeys: ['expiresAt', 'threshold'] },
      ),
      { nil: null },
    ),
  }),
});

const token: Token = {
  id: 'ws-1.t-1',
  name: 'Payments API key',
  type: 'api_key',
  category: 'key_secret',
  expiresAt: '2030-01-01',
  section: 'Ops',
  domains: ['pay.example.com'],
  location: null,
  used_by: null,
  contact_group_id: null,
  issuer: null,
  serial_number: null,
  subject: null,
  key_size: null,
  algorithm: null,
  license_type: null,
  vendor: null,
  cost: 12.5,
  renewal_url: null,
  renewal_date: null,
  contacts: null,
  description: null,
  notes: 'rotate yearly',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  workspace_id: 'ws-1',
};

describe('token codec', () => {
  it('reads back every token and schedule it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(tokenCodec, recordArbitrary);
  });

  it('writes the table, index and due-alerts keys of the token', () => {
    const schedule = {
      nextAlertAt: '2029-12-02T00:00:00.000Z',
      lastAlert: { expiresAt: '2030-01-01', threshold: 60 },
    };
    expect(tokenCodec.toItem({ token, schedule })).toEqual({
      ...token,
      ...keys.token('ws-1', 'ws-1.t-1'),
      entity: 'TOKEN',
      gsi2pk: 'WS#ws-1#CAT#key_secret',
      gsi2sk: '2030-01-01#ws-1.t-1',
      gsi3pk: 'WS#ws-1#CAT#key_secret',
      gsi3sk: 'payments api key#ws-1.t-1',
      sectionKey: 'Ops',
      dueShard: dueShardOf('ws-1.t-1'),
      nextAlertAt: '2029-12-02T00:00:00.000Z',
      lastAlertExpiresAt: '2030-01-01',
      lastAlertThreshold: 60,
    });
    expect(tokenCodec.keyOf({ token, schedule })).toEqual(keys.token('ws-1', 'ws-1.t-1'));
  });

  it('gives the index sort key the item holds', () => {
    const item = tokenCodec.toItem({ token, schedule: NO_ALERT_SCHEDULE });
    expect(tokenIndexSortKey(token, 'name_asc')).toBe(item.gsi3sk);
    expect(tokenIndexSortKey(token, 'expiration_desc')).toBe(item.gsi2sk);
    expect(tokenIndexSortKey(token, 'expiration_asc')).toBe(
      tokenIndexKeys.byExpiry(token.expiresAt, token.id),
    );
  });

  it('reads missing nullable fields as null and missing domains as []', () => {
    const {
      notes: _notes,
      cost: _cost,
      domains: _domains,
      ...item
    } = tokenCodec.toItem({
      token,
      schedule: NO_ALERT_SCHEDULE,
    });
    expect(tokenCodec.fromItem(item).token).toEqual({
      ...token,
      notes: null,
      cost: null,
      domains: [],
    });
  });

  it('refuses an item without a required field or with a value of another type', () => {
    const item = tokenCodec.toItem({ token, schedule: NO_ALERT_SCHEDULE });
    const { name: _name, ...nameless } = item;
    expect(() => tokenCodec.fromItem(nameless)).toThrow(MalformedItemError);
    expect(() => tokenCodec.fromItem(nameless)).toThrow(
      /^Malformed TOKEN item WS#ws-1 TOKEN#ws-1\.t-1: name: /,
    );
    expect(() => tokenCodec.fromItem({ ...item, expiresAt: 20300101 })).toThrow(/expiresAt/);
    expect(() => tokenCodec.fromItem({ ...item, category: 'password' })).toThrow(/category/);
    expect(() => tokenCodec.fromItem({ ...item, lastAlertThreshold: '7' })).toThrow(
      /lastAlertThreshold/,
    );
    expect(() => tokenCodec.fromItem({ ...item, entity: 'ALERT' })).toThrow(/entity/);
  });

  it('projects every API field of a token and nothing else, and reads the token back from it', () => {
    const fields = Object.values(TOKEN_FIELDS_NAMES);
    expect([...fields].sort()).toEqual(Object.keys(tokenSchema.shape).sort());
    expect(TOKEN_FIELDS_PROJECTION.split(', ').map((name) => TOKEN_FIELDS_NAMES[name])).toEqual(
      fields,
    );
    fc.assert(
      fc.property(recordArbitrary, (record) => {
        const item = tokenCodec.toItem(record);
        const projected = Object.fromEntries(
          Object.entries(item).filter(([attribute]) => fields.includes(attribute)),
        );
        expect(tokenFromFieldsItem(projected)).toEqual(record.token);
      }),
    );
    const { name: _name, notes: _notes, ...nameless } = token;
    expect(tokenFromFieldsItem({ ...token, notes: undefined })).toEqual({ ...token, notes: null });
    expect(() => tokenFromFieldsItem(nameless)).toThrow(/^Malformed TOKEN item .*: name: /);
  });

  it('reads the last alert from a projection of its attributes, escalated only when marked', () => {
    expect(lastAlertFromItem({ lastAlertExpiresAt: '2030-01-01', lastAlertThreshold: 7 })).toEqual({
      expiresAt: '2030-01-01',
      threshold: 7,
    });
    expect(
      lastAlertFromItem({
        lastAlertExpiresAt: '2030-01-01',
        lastAlertThreshold: 0,
        lastAlertEscalated: true,
      }),
    ).toEqual({ expiresAt: '2030-01-01', threshold: 0, escalated: true });
    expect(
      lastAlertFromItem({
        lastAlertExpiresAt: '2030-01-01',
        lastAlertThreshold: 0,
        lastAlertEscalated: 'yes',
      }),
    ).toEqual({ expiresAt: '2030-01-01', threshold: 0 });
    expect(lastAlertFromItem({})).toBeNull();
    expect(() => lastAlertFromItem({ lastAlertThreshold: 'seven' })).toThrow(MalformedItemError);
  });
});
