import { randomUUID } from 'node:crypto';
import { givenWorkspace } from '../../test-support/workspace-fixtures';
import {
  readAlertSettings,
  readAlertSettingsRecord,
  WorkspaceNotFoundError,
  writeAlertSettings,
} from './alert-settings-records';

describe('alert settings records', () => {
  it('gives a new workspace the defaults and a stable signing secret', async () => {
    const workspaceId = await givenWorkspace({ ownerId: randomUUID() });
    const [first, second] = await Promise.all([
      readAlertSettings(workspaceId),
      readAlertSettings(workspaceId),
    ]);
    expect(first).toEqual({
      workspaceId,
      email_alerts_enabled: true,
      webhook_urls: [],
      contact_groups: [],
      default_contact_group_id: null,
      thresholds: [30, 14, 7, 1, 0],
      signing_secret: first.signing_secret,
    });
    expect(first.signing_secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(second.signing_secret).toBe(first.signing_secret);
    expect((await readAlertSettings(workspaceId)).signing_secret).toBe(first.signing_secret);
  });

  it('refuses to invent settings for a workspace that does not exist', async () => {
    await expect(readAlertSettings(randomUUID())).rejects.toBeInstanceOf(WorkspaceNotFoundError);
  });

  it('writes at the revision read, keeps or rotates the secret, and refuses a stale revision', async () => {
    const workspaceId = await givenWorkspace({ ownerId: randomUUID() });
    const before = await readAlertSettingsRecord(workspaceId);
    const changes = {
      email_alerts_enabled: false,
      webhook_urls: [{ name: 'Ops', kind: 'slack' as const, url: 'https://hooks.example.com/a' }],
      contact_groups: [
        {
          id: 'g1',
          name: 'Ops',
          emails: ['ops@example.com'],
          webhook_names: ['Ops'],
          thresholds: [3],
        },
      ],
      default_contact_group_id: 'g1',
      thresholds: [10, 2],
    };
    const now = new Date('2030-01-01T00:00:00.000Z');
    const saved = await writeAlertSettings({
      workspaceId,
      changes,
      expectedRevision: before.revision,
      now,
    });
    expect(saved).toEqual({
      ok: true,
      record: {
        settings: { workspaceId, ...changes, signing_secret: before.settings.signing_secret },
        revision: 1,
        updatedAt: now.toISOString(),
      },
    });
    expect(await readAlertSettingsRecord(workspaceId)).toEqual(saved.ok && saved.record);

    const stale = await writeAlertSettings({ workspaceId, changes, expectedRevision: 0, now });
    expect(stale).toEqual({ ok: false, reason: 'conflict' });

    const rotated = await writeAlertSettings({
      workspaceId,
      changes,
      expectedRevision: 1,
      rotateSigningSecret: true,
      now,
    });
    expect(rotated.ok && rotated.record.settings.signing_secret).not.toBe(
      before.settings.signing_secret,
    );
    expect((await readAlertSettings(workspaceId)).signing_secret).toBe(
      rotated.ok && rotated.record.settings.signing_secret,
    );
  });

  it('refuses to write to a frozen workspace', async () => {
    const workspaceId = await givenWorkspace({ ownerId: randomUUID(), frozen: true });
    const { revision } = await readAlertSettingsRecord(workspaceId);
    const result = await writeAlertSettings({
      workspaceId,
      changes: {
        email_alerts_enabled: true,
        webhook_urls: [],
        contact_groups: [],
        default_contact_group_id: null,
        thresholds: [1],
      },
      expectedRevision: revision,
      now: new Date(),
    });
    expect(result).toEqual({ ok: false, reason: 'frozen' });
  });
});
