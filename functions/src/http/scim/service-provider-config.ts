import { serviceProviderConfig } from '../../services/scim/scim-discovery';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `GET /scim/v2/ServiceProviderConfig`: what this SCIM service supports (RFC 7644 §5). */
export const handler = createScimHandler(scimRoutes.scimServiceProviderConfig, ({ baseUrl }) => ({
  body: serviceProviderConfig(baseUrl),
}));
