import fc from 'fast-check';
import { subjectText, SUBJECT_TEXT_MAX_LENGTH } from './email-subject-text';
import { invitationEmail, invitationLink, invitationNames } from './invitation-email';

const message = (inviterName: string, workspaceName: string, hasAccount = false) =>
  invitationEmail({
    appOrigin: 'https://app.example.com',
    to: 'new+person@example.com',
    invitationId: 'inv-1',
    inviterName,
    workspaceName,
    role: 'viewer',
    hasAccount,
  });

describe('subjectText', () => {
  it('is one line of at most the cap, without control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (value) => {
        const text = subjectText(value);
        expect(Array.from(text).length).toBeLessThanOrEqual(SUBJECT_TEXT_MAX_LENGTH);
        expect(text).not.toMatch(/[\r\n\t\u2028\u2029]/);
        for (const character of text) {
          const code = character.codePointAt(0)!;
          expect(code > 0x1f && (code < 0x7f || code > 0x9f)).toBe(true);
        }
        expect(text).toBe(text.trim());
      }),
    );
  });

  it('collapses whitespace and ends a cut text with an ellipsis', () => {
    expect(subjectText('  Ada \r\n\t Lovelace  ')).toBe('Ada Lovelace');
    expect(subjectText('a'.repeat(61))).toBe(`${'a'.repeat(59)}…`);
    expect(subjectText('a'.repeat(60))).toBe('a'.repeat(60));
    expect(subjectText('Team\u202eevil')).toBe('Team evil');
  });
});

describe('invitationEmail', () => {
  it('keeps user text out of the subject unescaped and escapes it in the HTML', () => {
    const email = message(
      'Eve\r\nBcc: all@example.com',
      `<img src=x onerror=alert(1)>${'w'.repeat(80)}`,
    );
    expect(email.subject).toBe(
      `Eve Bcc: all@example.com invited you to <img src=x onerror=alert(1)>${'w'.repeat(31)}… on Expiry Radar`,
    );
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).not.toContain('<img');
    expect(email.text).not.toContain('Eve\r\n');
  });

  it('links to sign-in for an account, else to registration, with the address and the id', () => {
    expect(message('Ada', 'Ops', true).text).toContain(
      'https://app.example.com/login?email=new%2Bperson%40example.com&invitation=inv-1',
    );
    expect(
      invitationLink(
        'https://app.example.com',
        { email: 'new+person@example.com', invitationId: 'a b&c' },
        false,
      ),
    ).toBe('https://app.example.com/register?email=new%2Bperson%40example.com&invitation=a+b%26c');
    expect(message('Ada', 'Ops').text).toContain(
      '/register?email=new%2Bperson%40example.com&invitation=inv-1',
    );
  });

  it('gives the names of its body line, which the invitation preview shows', () => {
    expect(
      invitationNames({ inviterName: ' Ada\r\nLovelace ', workspaceName: 'w'.repeat(130) }),
    ).toEqual({ inviterName: 'Ada Lovelace', workspaceName: `${'w'.repeat(119)}…` });
    expect(message('Ada\nLovelace', 'Ops').text).toContain(
      'Ada Lovelace invited you to the workspace "Ops"',
    );
  });
});
