import { serviceProviderMetadata } from '../../adapters/saml-metadata';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { ssoRoutes } from '@expiry-radar/shared/api/routes/sso-routes';

/**
 * `GET /auth/saml/metadata`: Expiry Radar's SAML service provider metadata (entity id, which is
 * this URL; the assertion consumer service, HTTP-POST; signed assertions wanted), for an IdP to
 * import by URL or as the file the Single sign-on page downloads.
 */
export const handler = createHttpHandler(ssoRoutes.samlMetadata, async () => ({
  text: await serviceProviderMetadata(),
  headers: {
    'content-type': 'application/samlmetadata+xml; charset=utf-8',
    'content-disposition': 'attachment; filename="expiry-radar-saml-metadata.xml"',
  },
}));
