import { schemas } from '../../services/scim/scim-discovery';
import { createScimHandler } from '../pipeline/create-scim-handler';

/** `GET /scim/v2/Schemas`: the User and Group attributes this service keeps. */
export const handler = createScimHandler('scimSchemas', ({ baseUrl }) => ({
  body: schemas(baseUrl),
}));
