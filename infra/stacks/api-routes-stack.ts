/**
 * The routes of one area (the folder of their handler modules, config/route-areas.ts) on the api
 * stack's HTTP API: per route its function, role, policy, log group, integration, invoke
 * permission and API route. One stack per area keeps every stack far below CloudFormation's
 * 500-resource limit however many areas there are; the api stack gives the API, the functions'
 * environment and the secrets they may read.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { pascalCaseOf } from '../config/route-areas';
import { HttpRoutes, type ImplementedRoute } from '../constructs/http-routes';
import type { AppResources } from '../constructs/permission-grants';
import type { ApiStack } from './api-stack';

/** `ExpiryRadarApi` + `two-factor` -> `ExpiryRadarApiTwoFactor`. */
export function apiRoutesStackName(apiStackName: string, area: string): string {
  return `${apiStackName}${pascalCaseOf(area)}`;
}

export interface ApiRoutesStackProps extends StackProps {
  readonly api: ApiStack;
  readonly resources: AppResources;
  /** The area (folder under functions/src/http) every route of `routes` belongs to. */
  readonly area: string;
  readonly routes: readonly ImplementedRoute[];
  /** Absolute path of functions/src/http. */
  readonly handlersDir: string;
}

export class ApiRoutesStack extends Stack {
  readonly area: string;
  readonly routes: HttpRoutes;

  constructor(scope: Construct, id: string, props: ApiRoutesStackProps) {
    super(scope, id, props);
    this.area = props.area;
    this.routes = new HttpRoutes(this, 'Routes', {
      httpApi: props.api.httpApi,
      routes: props.routes,
      handlersDir: props.handlersDir,
      resources: props.resources,
      environment: props.api.routeEnvironment,
      permissionTargets: props.api.routePermissionTargets,
    });
  }
}
