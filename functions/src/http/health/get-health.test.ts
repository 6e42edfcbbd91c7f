import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { resetConfigForTests } from '../../platform/config';
import { handler } from './get-health';

const getHealth = () => invoke(handler, apiGatewayEvent({ method: 'GET', path: '/api/health' }));

describe('GET /api/health', () => {
  afterEach(() => resetConfigForTests());

  it('is ok when the table and both queues answer', async () => {
    const response = await getHealth();
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({
      status: 'ok',
      checks: {
        table: { ok: true },
        alertQueue: { ok: true },
        deadLetterQueue: { ok: true },
      },
    });
  });

  it('is degraded with 503 when the table is missing', async () => {
    const tableName = process.env.TABLE_NAME;
    process.env.TABLE_NAME = 'no-such-table';
    resetConfigForTests();
    try {
      const response = await getHealth();
      expect(response.statusCode).toBe(503);
      expect(response.json).toMatchObject({
        status: 'degraded',
        checks: { table: { ok: false }, alertQueue: { ok: true } },
      });
    } finally {
      process.env.TABLE_NAME = tableName;
    }
  });
});
