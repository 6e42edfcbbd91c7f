/**
 * A group of routes of the route table, each with its own function and HTTP API route (7
 * resources a route: function, role, policy, log group, permission, integration, route). Each
 * area's stack (stacks/api-routes-stack.ts) holds one group against the api stack's HTTP API.
 */
import * as path from 'node:path';
import { Duration, Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import type { RouteDefinition, RouteId } from '@expiry-radar/shared/api/route-table';
import { routeFunctionSizes } from '../config/route-functions';
import { permissionsFor } from '../config/route-permissions';
import { AppFunction } from './app-function';
import type { AppResources, PermissionTargets } from './permission-grants';

/** A route of the table with the handler module that implements it. */
export interface ImplementedRoute {
  readonly route: RouteDefinition & { readonly id: RouteId };
  /** Handler module path relative to `handlersDir`. */
  readonly handlerFile: string;
}

export interface HttpRoutesProps {
  readonly httpApi: IHttpApi;
  readonly routes: readonly ImplementedRoute[];
  /** Absolute path of functions/src/http. */
  readonly handlersDir: string;
  readonly resources: AppResources;
  readonly environment: Readonly<Record<string, string>>;
  /** The origin secret every route reads, and the Stripe parameters the billing routes read. */
  readonly permissionTargets: PermissionTargets;
}

/** `getCsrfToken` -> `GetCsrfToken`: stable construct ids, hence stable logical ids. */
export function constructIdOf(routeId: string): string {
  return routeId.charAt(0).toUpperCase() + routeId.slice(1);
}

export class HttpRoutes extends Construct {
  readonly functions = new Map<RouteId, AppFunction>();

  constructor(scope: Construct, id: string, props: HttpRoutesProps) {
    super(scope, id);
    for (const { route, handlerFile } of props.routes) {
      const name = constructIdOf(route.id);
      const size = routeFunctionSizes[route.id];
      const routeFunction = new AppFunction(this, name, {
        ...(size
          ? { memorySize: size.memorySize, timeout: Duration.seconds(size.timeoutSeconds) }
          : {}),
        entry: path.join(props.handlersDir, handlerFile),
        description: `${route.method} ${route.path} (${route.id})`,
        resources: props.resources,
        permissions: permissionsFor(route.id),
        environment: props.environment,
        permissionTargets: props.permissionTargets,
      });
      const httpRoute = new HttpRoute(this, `${name}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${name}Integration`, routeFunction.function),
      });
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `Route auth is "${route.auth}": sessions are HttpOnly cookies checked in the handler's middleware (hashed session id in DynamoDB, CSRF header on mutations, role checks per workspace); an API Gateway authorizer cannot do this and public routes need none.`,
      });
      this.functions.set(route.id, routeFunction);
    }
  }
}
