import { schemas } from '../../services/scim/scim-discovery';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `GET /scim/v2/Schemas`: the User and Group attributes this service keeps. */
export const handler = createScimHandler(scimRoutes.scimSchemas, ({ baseUrl }) => ({
  body: schemas(baseUrl),
}));
