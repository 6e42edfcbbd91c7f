import { serviceProviderConfig } from '../../services/scim/scim-discovery';
import { createScimHandler } from '../pipeline/create-scim-handler';

/** `GET /scim/v2/ServiceProviderConfig`: what this SCIM service supports (RFC 7644 §5). */
export const handler = createScimHandler('scimServiceProviderConfig', ({ baseUrl }) => ({
  body: serviceProviderConfig(baseUrl),
}));
