import { randomUUID } from 'node:crypto';
import { buildToken, seedTokens } from '../../test-support/token-seeding';
import { givenWorkspace } from '../../test-support/workspace-fixtures';
import { searchEntryOf } from '../domain/search-entries';
import { tokensForBase } from './search-base-tokens';
import { deleteToken, updateToken } from './token-mutations';

describe('tokens a search base keeps', () => {
  it('takes the old base’s tokens where unchanged, reads the others, and keeps each only at its entry’s revision', async () => {
    const workspaceId = await givenWorkspace({ ownerId: randomUUID() });
    const seeded = Array.from({ length: 6 }, (_, index) =>
      buildToken(workspaceId, { name: `Token ${index}` }),
    );
    await seedTokens(workspaceId, seeded);
    const [kept, stale, unknown, renamedLater, deleted, notRead] = seeded;
    if (!kept || !stale || !unknown || !renamedLater || !deleted || !notRead) throw new Error();
    // The old base kept two of them, one at a revision older than its entry's now.
    const edited = await updateToken(stale, { name: 'Edited' }, new Date());
    const previous = new Map([
      [kept.id, kept],
      [stale.id, stale],
    ]);
    // Changed and deleted after the packs the entries come from were read.
    await updateToken(renamedLater, { name: 'Renamed later' }, new Date());
    await deleteToken(deleted, new Date());
    const entries = [kept, edited, unknown, renamedLater, deleted, notRead].map(searchEntryOf);

    const { tokens, tokensRead } = await tokensForBase(workspaceId, entries, previous, 4);

    expect(Object.fromEntries(tokens)).toEqual({
      [kept.id]: kept,
      [edited.id]: edited,
      [unknown.id]: unknown,
    });
    // Four read (at most four: the last is left for a later build), the deleted one again
    // consistently; the one renamed later is newer than its entry and not read again.
    expect(tokensRead).toBe(5);
  });
});
