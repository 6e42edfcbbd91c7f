import fc from 'fast-check';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenRegisteredUser } from '../../../test-support/account-fixtures';
import { mutationEvent } from '../../../test-support/auth-requests';
import { handler as login } from './login';
import { handler as register } from './register';
import { handler as updateAccount } from './update-account';

/** Bodies near the real shape (often valid, often not) and arbitrary JSON or text. */
const fieldValue = fc.oneof(
  fc.string(),
  fc.emailAddress(),
  fc.string({ minLength: 12, maxLength: 40 }),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 2 }),
);
const authBody = fc.oneof(
  fc.record(
    {
      email: fieldValue,
      password: fieldValue,
      name: fieldValue,
      currentPassword: fieldValue,
      newPassword: fieldValue,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
  fc.string(),
);

const runs = { numRuns: 40 };

describe('auth bodies never produce a 5xx', () => {
  it.each([
    ['POST', '/auth/register', register],
    ['POST', '/auth/login', login],
  ] as const)(
    '%s %s',
    async (method, path, handler) => {
      await fc.assert(
        fc.asyncProperty(authBody, async (body) => {
          const response = await invoke(handler, mutationEvent({ method, path, body }));
          expect(response.statusCode).toBeLessThan(500);
        }),
        runs,
      );
    },
    120_000,
  );

  it('PUT /auth/account', async () => {
    const { cookie } = await givenRegisteredUser('property');
    await fc.assert(
      fc.asyncProperty(authBody, async (body) => {
        const response = await invoke(
          updateAccount,
          mutationEvent({ method: 'PUT', path: '/auth/account', body, cookies: [cookie] }),
        );
        expect(response.statusCode).toBeLessThan(500);
      }),
      runs,
    );
  }, 120_000);
});
