import * as z from 'zod';
import { openSignedLink, signLink, type SignedLinkKind } from './signed-link';

const schema = z.strictObject({ a: z.string() });
const FIRST: SignedLinkKind<typeof schema> = { version: 'x1', keyLabel: 'first kind', schema };
const SECOND: SignedLinkKind<typeof schema> = { version: 'x1', keyLabel: 'second kind', schema };

describe('signed links', () => {
  const link = signLink(FIRST, { a: 'someone@example.com' }, 'current key');

  it('opens with the key it was signed with, or after a rotation with the one before', () => {
    expect(openSignedLink(FIRST, link, ['current key'])).toEqual({ a: 'someone@example.com' });
    expect(openSignedLink(FIRST, link, ['next key', 'current key'])).toEqual({
      a: 'someone@example.com',
    });
    expect(openSignedLink(FIRST, link, ['another key'])).toBeNull();
  });

  it('never opens as a link of another kind, even of the same version', () => {
    expect(openSignedLink(SECOND, link, ['current key'])).toBeNull();
  });

  it('refuses a changed payload or signature, extra parts and a payload its schema refuses', () => {
    const [version, payload, signature] = link.split('.');
    const changed = Buffer.from('{"a":"attacker@example.com"}').toString('base64url');
    expect(openSignedLink(FIRST, `${version}.${changed}.${signature}`, ['current key'])).toBeNull();
    expect(openSignedLink(FIRST, `${version}.${payload}.AAAA`, ['current key'])).toBeNull();
    expect(openSignedLink(FIRST, `${link}.more`, ['current key'])).toBeNull();
    const unexpected = signLink(FIRST, { a: 'x', b: 1 } as never, 'current key');
    expect(openSignedLink(FIRST, unexpected, ['current key'])).toBeNull();
  });
});
