import { AppError } from '../../platform/app-error';
import { EXPORT_MAX_BYTES, exportFileName, requireExportFits } from './token-export';

describe('token export files', () => {
  it('are named after the workspace in letters and digits, and the day', () => {
    const now = new Date('2026-03-04T23:59:00Z');
    expect(exportFileName('Client Acme / Prod', 'csv', now)).toBe(
      'expiry-radar-tokens-client-acme-prod-2026-03-04.csv',
    );
    expect(exportFileName('Équipe «ops»', 'json', now)).toBe(
      'expiry-radar-tokens-equipe-ops-2026-03-04.json',
    );
    expect(exportFileName('日本', 'csv', now)).toBe('expiry-radar-tokens-workspace-2026-03-04.csv');
  });

  it('must fit in one answer (Lambda: 6 MB), counted in UTF-8 bytes', () => {
    expect(() => requireExportFits('a'.repeat(EXPORT_MAX_BYTES), 10)).not.toThrow();
    const refusal = (() => {
      try {
        requireExportFits('é'.repeat(EXPORT_MAX_BYTES / 2 + 1), 9000);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect((refusal as AppError).message).toContain("This workspace's 9000 tokens");
  });
});
