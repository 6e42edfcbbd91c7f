import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { cleanText, repairStoredText } from './stored-text-repair';

describe('the stored text repair', () => {
  it('cleans lone surrogates and control characters, keeping pairs, newlines and tabs', () => {
    expect(cleanText('a\ud800b\udc00')).toBe('a\ufffdb\ufffd');
    expect(cleanText('ok 😀 line\nnext\ttab')).toBe('ok 😀 line\nnext\ttab');
    expect(cleanText('bell\u0007 nul\u0000 esc\u001b c1\u0085')).toBe('bell nul esc c1');
  });

  it('lists what it would clean on a dry run, writes nothing, then cleans with apply', async () => {
    const { tableName } = getConfig();
    const client = getDocumentClient();
    const key = { pk: `WS#repair-${randomUUID()}`, sk: 'TOKEN#one' };
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...key, name: 'Broken \ud800', section: 'ops\u0000', notes: 'fine\nhere' },
      }),
    );
    const stored = async () =>
      (await client.send(new GetCommand({ TableName: tableName, Key: key }))).Item;
    try {
      const dryRun = await repairStoredText({ apply: false, pkPrefix: key.pk });
      expect(dryRun.filter((repair) => repair.pk === key.pk)).toEqual([
        { ...key, fields: ['name', 'section'], outcome: 'would write' },
      ]);
      expect((await stored())?.section).toBe('ops\u0000');

      const applied = await repairStoredText({ apply: true, pkPrefix: key.pk });
      expect(applied.filter((repair) => repair.pk === key.pk)).toEqual([
        { ...key, fields: ['name', 'section'], outcome: 'written' },
      ]);
      expect(await stored()).toEqual({
        ...key,
        name: 'Broken \ufffd',
        section: 'ops',
        notes: 'fine\nhere',
      });
      const again = await repairStoredText({ apply: false, pkPrefix: key.pk });
      expect(again.filter((repair) => repair.pk === key.pk)).toEqual([]);
    } finally {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key }));
    }
  });
});
