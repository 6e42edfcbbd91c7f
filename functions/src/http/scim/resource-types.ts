import { resourceTypes } from '../../services/scim/scim-discovery';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `GET /scim/v2/ResourceTypes`: User and Group. */
export const handler = createScimHandler(scimRoutes.scimResourceTypes, ({ baseUrl }) => ({
  body: resourceTypes(baseUrl),
}));
