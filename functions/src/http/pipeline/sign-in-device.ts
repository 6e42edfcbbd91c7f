import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describeDevice } from '../../domain/device-description';

/** The device a sign-in request comes from, as its session keeps it ("Chrome on Linux"). */
export function signInDevice(event: Pick<APIGatewayProxyEventV2, 'headers'>): string {
  return describeDevice(event.headers?.['user-agent']);
}
