/**
 * X-Ray tracing with Powertools Tracer: the AWS SDK clients (platform/aws-clients.ts) and
 * outgoing HTTPS calls become subsegments of the function's trace. It is active only inside
 * Lambda with active tracing (the CDK functions turn it on; POWERTOOLS_TRACE_ENABLED=false turns
 * it off); in tests, the local runtime and the benchmarks every call is a no-op.
 *
 * The tracer, with the X-Ray SDK it loads (about 20 ms), is made on first use, not as a bundle
 * loads: by the first traced AWS client, and before the first outgoing request of the adapters
 * that send them (guarded-http.ts, webhook-sender.ts, slack-web-api.ts), so every call traced
 * before still is. A route's cold answer without a session (the origin secret's read is not
 * traced) loads none of it (`npm run bench -- cold-starts`).
 */
// First: it chooses the X-Ray SDK's context mode, which the SDK reads as the tracer loads it.
import './xray-context-mode';
import type * as PowertoolsTracer from '@aws-lambda-powertools/tracer';

let tracer: PowertoolsTracer.Tracer | undefined;

export function getTracer(): PowertoolsTracer.Tracer {
  if (!tracer) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- made on first use (above)
    const { Tracer } = require('@aws-lambda-powertools/tracer') as typeof PowertoolsTracer;
    tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'expiry-radar' });
  }
  return tracer;
}
