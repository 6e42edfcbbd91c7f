/**
 * X-Ray tracing with Powertools Tracer: the AWS SDK clients (platform/aws-clients.ts) and
 * outgoing HTTPS calls become subsegments of the function's trace. It is active only inside
 * Lambda with active tracing (the CDK functions turn it on; POWERTOOLS_TRACE_ENABLED=false turns
 * it off); in tests, the local runtime and the benchmarks every call is a no-op.
 */
// First: it chooses the X-Ray SDK's context mode, which the SDK reads as the tracer loads it.
import './xray-context-mode';
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'expiry-radar',
});
