import { INTEGRATION_MESSAGES, vaultSettingsSchema } from './integration-api-schemas';

function messages(input: unknown): string[] {
  const result = vaultSettingsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('vaultSettingsSchema', () => {
  const vault = { address: 'https://vault.example.com' };

  it.each([
    [
      'a namespace',
      { ...vault, namespace: 'n'.repeat(256) },
      INTEGRATION_MESSAGES.namespaceTooLong,
    ],
    ['a PKI mount', { ...vault, pki_mounts: ['p'.repeat(256)] }, INTEGRATION_MESSAGES.mountTooLong],
    ['a KV mount', { ...vault, kv_mounts: ['k'.repeat(256)] }, INTEGRATION_MESSAGES.mountTooLong],
    [
      'too many KV mounts',
      { ...vault, kv_mounts: Array.from({ length: 101 }, (_, index) => `kv${index}`) },
      INTEGRATION_MESSAGES.tooManyMounts,
    ],
  ])('refuses %s over its limit in the form’s words', (_what, settings, message) => {
    expect(messages(settings)).toEqual([message]);
  });

  it('takes a namespace and mounts at their limits', () => {
    const mounts = Array.from({ length: 100 }, (_, index) => `${index}`.padEnd(255, 'm'));
    expect(
      messages({ ...vault, namespace: 'n'.repeat(255), pki_mounts: mounts, kv_mounts: mounts }),
    ).toEqual([]);
  });
});
