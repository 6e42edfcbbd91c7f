import { resourceTypes } from '../../services/scim/scim-discovery';
import { createScimHandler } from '../pipeline/create-scim-handler';

/** `GET /scim/v2/ResourceTypes`: User and Group. */
export const handler = createScimHandler('scimResourceTypes', ({ baseUrl }) => ({
  body: resourceTypes(baseUrl),
}));
