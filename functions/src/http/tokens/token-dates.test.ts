/**
 * Token dates (expiresAt, renewal_date) through the API: years 1970 to 9999 only, and whatever is
 * stored reads back, and saves again, unchanged (a date-time whose offset moved it into the year
 * 10000 was stored as `+010000-…`, which no form or request could send back).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  createRequest,
  givenWorkspace,
  listRequest,
  updateRequest,
} from '../../../test-support/token-fixtures';

const INVALID_DATE = 'Invalid date format';
const NOT_FUTURE = 'Expiration date must be in the future';
const REQUIRED = 'Expiration date is required';

type Workspace = Awaited<ReturnType<typeof givenWorkspace>>;

const license = (workspace: Workspace, fields: Record<string, unknown>) => ({
  name: `License ${randomUUID()}`,
  category: 'license',
  type: 'software_license',
  expiresAt: '2099-01-01',
  workspace_id: workspace.workspaceId,
  ...fields,
});

/** The token as GET /api/tokens answers it. */
async function readBack(workspace: Workspace, token: Token): Promise<Token | undefined> {
  const response = await listRequest(
    workspace.owner.cookie,
    `workspace_id=${workspace.workspaceId}&q=${encodeURIComponent(token.name)}`,
  );
  return (response.json as { items: Token[] }).items.find((item) => item.id === token.id);
}

/** Stored dates are in the years 1970 to 9999, in the canonical form. */
const CANONICAL = /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}\.\d{3}Z)?$/;

describe('token dates', () => {
  let workspace: Workspace;
  beforeAll(async () => {
    workspace = await givenWorkspace({ plan: 'enterprise' });
  });

  it('keeps the edge dates 9999-12-31 and 1970-01-01 unchanged through create, read and edit', async () => {
    const created = await createRequest(
      workspace.owner.cookie,
      license(workspace, { expiresAt: '9999-12-31', renewal_date: '1970-01-01' }),
    );
    expect(created.statusCode).toBe(201);
    const token = created.json as Token;
    expect(token).toMatchObject({ expiresAt: '9999-12-31', renewal_date: '1970-01-01' });
    expect(await readBack(workspace, token)).toEqual(token);

    const edited = await updateRequest(workspace.owner.cookie, token.id, {
      expiresAt: token.expiresAt,
      renewal_date: token.renewal_date,
      notes: 'edited',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json).toMatchObject({ expiresAt: '9999-12-31', renewal_date: '1970-01-01' });
  });

  it.each([
    ['expiresAt', '10000-01-01'],
    ['expiresAt', '+010000-01-01'],
    ['expiresAt', '9999-12-31T23:00:00-05:00'],
    ['expiresAt', '+275760-09-13T00:00:00.000Z'],
    ['renewal_date', '1969-12-31'],
    ['renewal_date', '1900-01-01'],
    ['renewal_date', '0100-01-01'],
    ['renewal_date', '1970-01-01T00:30:00+01:00'],
    ['renewal_date', '9999-12-31T23:00:00-05:00'],
  ])('refuses %s %s with "Invalid date format"', async (field, value) => {
    const created = await createRequest(
      workspace.owner.cookie,
      license(workspace, { [field]: value }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json).toMatchObject({ code: 'VALIDATION_ERROR', error: INVALID_DATE });

    const existing = (await createRequest(workspace.owner.cookie, license(workspace, {})))
      .json as Token;
    const updated = await updateRequest(workspace.owner.cookie, existing.id, { [field]: value });
    expect(updated.statusCode).toBe(400);
    expect(updated.json).toMatchObject({ code: 'VALIDATION_ERROR', error: INVALID_DATE });
  });

  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  const year = fc.oneof(
    fc.constantFrom(0, 1, 99, 100, 1899, 1969, 1970, 1971, 2030, 9998, 9999, 10_000, 275_760),
    fc.integer({ min: 0, max: 12_000 }),
  );
  const yearText = fc
    .tuple(year, fc.constantFrom('', '', '', '+', '-'))
    .map(([value, sign]) => `${sign}${pad(value, sign ? 6 : 4)}`);
  const day = fc.tuple(
    yearText,
    fc.oneof(fc.constantFrom(1, 12), fc.integer({ min: 0, max: 13 })),
    fc.oneof(fc.constantFrom(1, 31), fc.integer({ min: 0, max: 32 })),
  );
  const offset = fc.constantFrom(
    '',
    'Z',
    'z',
    '+00:00',
    '+01:00',
    '-05:00',
    '+14:00',
    '-12:00',
    '+0530',
  );
  const dateText = fc.oneof(
    day.map(([y, m, d]) => `${y}-${pad(m, 2)}-${pad(d, 2)}`),
    fc
      .tuple(day, fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }), offset)
      .map(
        ([[y, m, d], h, min, zone]) =>
          `${y}-${pad(m, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(min, 2)}:00${zone}`,
      ),
    fc
      .date()
      .map((value) => (Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString())),
    fc.string({ maxLength: 30 }),
  );

  it('answers every date string with a 400 "Invalid date format" or keeps it as read back, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('expiresAt', 'renewal_date'),
        dateText,
        async (field, value) => {
          const response = await createRequest(
            workspace.owner.cookie,
            license(workspace, { [field]: value }),
          );
          expect(response.statusCode).toBeLessThan(500);
          const blank = value.trim() === '';
          if (response.statusCode !== 201) {
            expect(response.statusCode).toBe(400);
            const error = (response.json as { error: string }).error;
            if (field === 'expiresAt' && blank) expect(error).toBe(REQUIRED);
            else if (field === 'expiresAt') expect([INVALID_DATE, NOT_FUTURE]).toContain(error);
            else expect(error).toBe(INVALID_DATE);
            return;
          }
          const token = response.json as Token;
          const stored = field === 'expiresAt' ? token.expiresAt : token.renewal_date;
          // A blank renewal date is no renewal date.
          if (field === 'renewal_date' && blank) expect(stored).toBeNull();
          else expect(stored).toMatch(CANONICAL);
          expect(await readBack(workspace, token)).toEqual(token);
          const again = await updateRequest(workspace.owner.cookie, token.id, { [field]: stored });
          expect(again.statusCode).toBe(200);
          expect(again.json).toMatchObject({ [field]: stored });
        },
      ),
      { numRuns: 80 },
    );
  }, 180_000);
});
