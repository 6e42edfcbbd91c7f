import { generateServiceProviderMetadata } from '@node-saml/node-saml/lib/metadata';
import { serviceProviderMetadataOf } from './saml-metadata';

/** The document with its ID (random in both) replaced. */
const withoutId = (xml: string) => xml.replace(/ ID="_[0-9a-f]{40}"/, ' ID="_id"');

describe('serviceProviderMetadataOf', () => {
  it.each([
    ['https://app.example.com/auth/saml/metadata', 'https://app.example.com/auth/saml/acs'],
    ['https://radar.example.org:8443/x?a=1&b="<t>"\t', 'http://127.0.0.1:3000/auth/saml/acs?r=\n'],
  ])('writes what node-saml writes for our settings (%s)', (entityId, acsUrl) => {
    const ours = serviceProviderMetadataOf({ entityId, acsUrl });
    expect(ours).toMatch(/ ID="_[0-9a-f]{40}"/);
    expect(withoutId(ours)).toBe(
      withoutId(
        generateServiceProviderMetadata({
          issuer: entityId,
          callbackUrl: acsUrl,
          identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
          wantAssertionsSigned: true,
        }),
      ),
    );
  });
});
