import { routeTable } from '@expiry-radar/shared/api/route-table';
import { routeHandlerFiles } from '../http/route-handlers';
import type { HttpLambdaHandler } from './lambda-http-adapter';
import type { MountedRoute } from './route-matcher';

/** Loads the handler module of every implemented route, exactly the set CDK deploys. */
export async function mountImplementedRoutes(): Promise<MountedRoute<HttpLambdaHandler>[]> {
  const mounted: MountedRoute<HttpLambdaHandler>[] = [];
  for (const route of routeTable) {
    const file = routeHandlerFiles[route.id];
    if (!file) continue;
    const module = (await import(`../http/${file.replace(/\.ts$/, '')}`)) as {
      handler: HttpLambdaHandler;
    };
    mounted.push({ route, handler: module.handler });
  }
  return mounted;
}
