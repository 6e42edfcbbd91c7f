import { linkEmail, passwordResetEmail, verificationEmail } from './account-emails';

const HOSTILE_NAME =
  'Support team\r\nBcc: everyone@example.com\r\n\r\n<a href="https://evil.example">Log in here</a>' +
  ' and more'.repeat(40);

describe('account emails', () => {
  it.each([
    ['verification', verificationEmail],
    [
      'address change',
      (o: Parameters<typeof verificationEmail>[0]) =>
        verificationEmail({ ...o, emailChange: true }),
    ],
    ['password reset', passwordResetEmail],
  ] as const)('keep a hostile display name to one escaped, capped line (%s)', (_label, build) => {
    const mail = build({
      appOrigin: 'https://app.example',
      to: 'ada@example.com',
      displayName: HOSTILE_NAME,
      token: 'tok',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    const greeting = mail.text.split('\n')[0]!;
    expect(greeting).toMatch(/^Hello Support team Bcc: everyone@example\.com <a href=.*…,$/);
    expect(greeting.length).toBeLessThanOrEqual('Hello ,'.length + 80);
    expect(mail.text).not.toContain('\nBcc:');
    expect(mail.html).not.toContain('<a href="https://evil.example">');
    expect(mail.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;');
  });

  it('puts any subject through the subject rules', () => {
    const mail = linkEmail({
      to: 'ada@example.com',
      subject: `Mallory\r\nBcc: x@example.com invited you to ${'w'.repeat(400)}`,
      greeting: 'Hello,',
      lines: [],
      action: 'Open',
      url: 'https://app.example',
      footer: '',
    });
    expect(mail.subject).toMatch(/^Mallory Bcc: x@example\.com invited you to w+…$/);
    expect([...mail.subject].length).toBeLessThanOrEqual(150);
  });
});
