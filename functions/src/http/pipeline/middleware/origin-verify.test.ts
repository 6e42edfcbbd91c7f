import {
  GetSecretValueCommand,
  type GetSecretValueCommandOutput,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { apiGatewayEvent, invoke } from '../../../../test-support/api-gateway-event';
import {
  ORIGIN_SECRET_CACHE_MS,
  getOriginSecretValues,
  resetOriginSecretCacheForTests,
} from '../../../adapters/origin-verify-secret';
import { resetConfigForTests } from '../../../platform/config';
import { createHttpHandler } from '../create-http-handler';
import { ORIGIN_VERIFY_HEADER } from './origin-verify';
import { billingRoutes } from '@expiry-radar/shared/api/routes/billing-routes';
import { platformRoutes } from '@expiry-radar/shared/api/routes/platform-routes';

const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:origin-verify-AbCdEf';
const CURRENT = 'current-origin-secret-value';
const PREVIOUS = 'previous-origin-secret-value';

/** Secrets Manager as the functions see it: one value per version stage. */
let stages: Record<string, string> = {};
function answer(command: unknown): Promise<GetSecretValueCommandOutput> {
  if (!(command instanceof GetSecretValueCommand)) throw new Error('Unexpected command');
  const { SecretId, VersionStage = 'AWSCURRENT' } = command.input;
  const value = SecretId === SECRET_ARN ? stages[VersionStage] : undefined;
  if (value === undefined) {
    return Promise.reject(
      new ResourceNotFoundException({ message: 'No such version', $metadata: {} }),
    );
  }
  return Promise.resolve({ SecretString: value, $metadata: {} });
}
const send = jest
  .spyOn(SecretsManagerClient.prototype, 'send')
  // `send` also has a callback overload; the client under test only awaits the promise.
  .mockImplementation((command) => answer(command) as never);

const reached: string[] = [];
const getCsrfToken = createHttpHandler(platformRoutes.getCsrfToken, () => {
  reached.push('getCsrfToken');
  return { body: { csrfToken: 'token' } };
});
// Stripe calls the webhook through CloudFront too, so it gets the header like every route.
const stripeWebhook = createHttpHandler(
  billingRoutes.stripeWebhook,
  () => {
    reached.push('stripeWebhook');
    return { body: { received: true } };
  },
  { skipCsrf: true },
);

const getToken = (headers: Record<string, string> = {}) =>
  invoke(getCsrfToken, apiGatewayEvent({ method: 'GET', path: '/api/csrf-token', headers }));
const postWebhook = (headers: Record<string, string> = {}) =>
  invoke(
    stripeWebhook,
    apiGatewayEvent({ method: 'POST', path: '/api/billing/webhook', headers, body: '{}' }),
  );

const FORBIDDEN = {
  error: "Access denied. You don't have permission for this action.",
  code: 'FORBIDDEN',
};

function configure(secretArn: string | undefined): void {
  if (secretArn === undefined) delete process.env.ORIGIN_VERIFY_SECRET_ARN;
  else process.env.ORIGIN_VERIFY_SECRET_ARN = secretArn;
  resetConfigForTests();
  resetOriginSecretCacheForTests();
}

beforeEach(() => {
  reached.length = 0;
  send.mockClear();
  stages = { AWSCURRENT: CURRENT };
  configure(SECRET_ARN);
});

afterAll(() => {
  configure(undefined);
  send.mockRestore();
});

describe('the origin check (API reachable through CloudFront only)', () => {
  it('refuses a request without the origin header with 403 and the error body', async () => {
    const response = await getToken();
    expect(response.statusCode).toBe(403);
    expect(response.json).toEqual(FORBIDDEN);
    expect(reached).toEqual([]);
  });

  it('refuses a wrong value, including one that only shares a prefix', async () => {
    for (const value of ['guess', `${CURRENT}x`, CURRENT.slice(0, -1), CURRENT.toUpperCase()]) {
      const response = await getToken({ [ORIGIN_VERIFY_HEADER]: value });
      expect(response.statusCode).toBe(403);
      expect(response.json).toEqual(FORBIDDEN);
    }
    expect(reached).toEqual([]);
  });

  it('lets a request with the secret through to the route', async () => {
    const response = await getToken({ [ORIGIN_VERIFY_HEADER]: CURRENT });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ csrfToken: 'token' });
    expect(reached).toEqual(['getCsrfToken']);
  });

  it('guards the Stripe webhook too, which skips CSRF', async () => {
    expect((await postWebhook()).statusCode).toBe(403);
    expect((await postWebhook({ [ORIGIN_VERIFY_HEADER]: PREVIOUS })).statusCode).toBe(403);
    const response = await postWebhook({ [ORIGIN_VERIFY_HEADER]: CURRENT });
    expect(response.statusCode).toBe(200);
    expect(reached).toEqual(['stripeWebhook']);
  });

  it('accepts the previous value during a rotation, until CloudFront sends the new one', async () => {
    stages = { AWSCURRENT: 'rotated-origin-secret', AWSPREVIOUS: CURRENT };
    expect((await getToken({ [ORIGIN_VERIFY_HEADER]: CURRENT })).statusCode).toBe(200);
    expect((await getToken({ [ORIGIN_VERIFY_HEADER]: 'rotated-origin-secret' })).statusCode).toBe(
      200,
    );
    expect((await getToken({ [ORIGIN_VERIFY_HEADER]: PREVIOUS })).statusCode).toBe(403);
  });

  it('reads the secret once per container and again after the cache period', async () => {
    await getToken({ [ORIGIN_VERIFY_HEADER]: CURRENT });
    await getToken({ [ORIGIN_VERIFY_HEADER]: CURRENT });
    // AWSCURRENT and AWSPREVIOUS, once.
    expect(send).toHaveBeenCalledTimes(2);

    stages = { AWSCURRENT: 'rotated-origin-secret', AWSPREVIOUS: CURRENT };
    const later = Date.now() + ORIGIN_SECRET_CACHE_MS + 1;
    await expect(getOriginSecretValues(SECRET_ARN, later)).resolves.toEqual([
      'rotated-origin-secret',
      CURRENT,
    ]);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('changes nothing when no secret is configured (locally, in tests)', async () => {
    configure(undefined);
    expect((await getToken()).statusCode).toBe(200);
    expect((await postWebhook()).statusCode).toBe(200);
    expect(send).not.toHaveBeenCalled();
  });

  describe('in Lambda', () => {
    beforeEach(() => {
      process.env.AWS_EXECUTION_ENV = 'AWS_Lambda_nodejs22.x';
    });
    afterEach(() => {
      delete process.env.AWS_EXECUTION_ENV;
    });
    const handlerMadeNow = () =>
      createHttpHandler(platformRoutes.getCsrfToken, () => ({ body: { csrfToken: 'token' } }));
    const firstRequest = (handler: ReturnType<typeof handlerMadeNow>) =>
      invoke(
        handler,
        apiGatewayEvent({
          method: 'GET',
          path: '/api/csrf-token',
          headers: { [ORIGIN_VERIFY_HEADER]: CURRENT },
        }),
      );

    it('starts reading the secret as the function loads, so the first request finds it read', async () => {
      const handler = handlerMadeNow();
      // AWSCURRENT and AWSPREVIOUS, before any request.
      expect(send).toHaveBeenCalledTimes(2);
      expect((await firstRequest(handler)).statusCode).toBe(200);
      expect(send).toHaveBeenCalledTimes(2);
    });

    it('reads it again for the first request when that read failed', async () => {
      stages = {};
      const handler = handlerMadeNow();
      expect(send).toHaveBeenCalledTimes(2);
      await new Promise((resolve) => setImmediate(resolve));
      stages = { AWSCURRENT: CURRENT };
      expect((await firstRequest(handler)).statusCode).toBe(200);
      expect(send).toHaveBeenCalledTimes(4);
    });
  });
});
