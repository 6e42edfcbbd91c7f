/**
 * Every route of the route table is deployed exactly once, by its area's stack: one function and
 * one API route across all the stacks of the app, the route invoking that function.
 */
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { routeTable } from '@expiry-radar/shared/api/route-table';
import { routeHandlerFiles } from '@expiry-radar/functions/http/route-handlers';
import { areaOf, implementedRoutes } from '../config/route-areas';
import { buildTestApp, resourcesOf } from '../test-support/test-app';
import { apiRoutesStackName } from './api-routes-stack';
import { STACK_NAMES } from './expiry-radar';

const { app, stacks, templates } = buildTestApp();

interface Found {
  readonly stackName: string;
  readonly logicalId: string;
  readonly properties: Record<string, unknown>;
}

/** Every resource of a type in every stack of the app (nested stacks included). */
function everywhere(type: string): Found[] {
  return app.node
    .findAll()
    .filter((construct): construct is Stack => Stack.isStack(construct))
    .flatMap((stack) =>
      Object.entries(resourcesOf(Template.fromStack(stack), type)).map(([logicalId, r]) => ({
        stackName: stack.stackName,
        logicalId,
        properties: r.Properties ?? {},
      })),
    );
}

const apiRoutes = everywhere('AWS::ApiGatewayV2::Route');
const integrations = everywhere('AWS::ApiGatewayV2::Integration');
const functions = everywhere('AWS::Lambda::Function');

/** The function an API route invokes: route -> integration -> function, in the route's stack. */
function invokedFunction(apiRoute: Found): Found | undefined {
  const target = apiRoute.properties.Target as { 'Fn::Join': [string, unknown[]] };
  const integrationId = (target['Fn::Join'][1][1] as { Ref: string }).Ref;
  const integration = integrations.find(
    (candidate) =>
      candidate.stackName === apiRoute.stackName && candidate.logicalId === integrationId,
  );
  const uri = integration?.properties.IntegrationUri as { 'Fn::GetAtt': [string, string] };
  return functions.find(
    (candidate) =>
      candidate.stackName === apiRoute.stackName && candidate.logicalId === uri['Fn::GetAtt'][0],
  );
}

describe('route stacks', () => {
  it('are one stack per area (folder of handler modules), named after it', () => {
    const areas = [
      ...new Set(Object.values(routeHandlerFiles).map((file) => file.split('/')[0])),
    ].sort();
    expect(stacks.apiRoutes.map((stack) => stack.area)).toEqual(areas);
    expect(stacks.apiRoutes.map((stack) => stack.stackName)).toEqual(
      areas.map((area) => apiRoutesStackName(STACK_NAMES.api, area ?? '')),
    );
  });

  it('leave the api stack without route functions or API routes', () => {
    expect(Object.keys(resourcesOf(templates.api, 'AWS::Lambda::Function'))).toEqual([]);
    expect(Object.keys(resourcesOf(templates.api, 'AWS::ApiGatewayV2::Route'))).toEqual([]);
    templates.api.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
  });

  it.each(routeTable.map((route) => [route.id, route]))(
    '%s: exactly one function and one API route across the stacks, in its area stack',
    (_id, route) => {
      const routeKey = `${route.method} ${route.path}`;
      const handlerFile = routeHandlerFiles[route.id];
      const matchingRoutes = apiRoutes.filter((r) => r.properties.RouteKey === routeKey);
      const matchingFunctions = functions.filter(
        (fn) => fn.properties.Description === `${routeKey} (${route.id})`,
      );
      if (!handlerFile) {
        expect(matchingRoutes).toEqual([]);
        expect(matchingFunctions).toEqual([]);
        return;
      }
      const stackName = apiRoutesStackName(STACK_NAMES.api, areaOf({ route, handlerFile }));
      expect(matchingRoutes.map((r) => r.stackName)).toEqual([stackName]);
      expect(matchingFunctions.map((fn) => fn.stackName)).toEqual([stackName]);
      const [apiRoute] = matchingRoutes;
      expect(apiRoute && invokedFunction(apiRoute)).toBe(matchingFunctions[0]);
    },
  );

  it('hold no API route or route function beyond those of the route table', () => {
    const implemented = implementedRoutes();
    expect(apiRoutes).toHaveLength(implemented.length);
    expect(
      functions.filter((fn) => / \(\w+\)$/.test(String(fn.properties.Description))),
    ).toHaveLength(implemented.length);
  });
});
