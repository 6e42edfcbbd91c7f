import type { AuditEvent } from '@expiry-radar/shared/api/audit-api-schemas';
import { auditEventsToCsv, csvField } from './audit-csv';

describe('audit CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1')).toBe("'-1");
    expect(csvField(null)).toBe('');
  });

  it('writes a header and one CRLF-terminated row per event', () => {
    const event: AuditEvent = {
      id: 'e1',
      occurred_at: '2026-01-02T03:04:05.000Z',
      actor: { id: 'u1', email: null },
      action: 'workspace.renamed',
      target_type: 'workspace',
      target_id: 'w1',
      target_name: 'New',
      workspace_id: 'w1',
      metadata: { from: 'Old, name', to: 'New' },
    };
    expect(auditEventsToCsv([event])).toBe(
      'id,occurred_at,actor_id,actor_email,action,target_type,target_id,workspace_id,metadata\r\n' +
        'e1,2026-01-02T03:04:05.000Z,u1,,workspace.renamed,workspace,w1,w1,"{""from"":""Old, name"",""to"":""New""}"\r\n',
    );
  });
});
