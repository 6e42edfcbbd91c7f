/**
 * Where nothing is traced (tests, the local runtime, benchmarks, and Lambda with
 * POWERTOOLS_TRACE_ENABLED=false), the X-Ray SDK that the tracer loads would still follow every
 * promise of the process: its automatic mode keeps each call's trace in an async hook
 * (cls-hooked), at a cost on every request. Its manual mode has no hook. The SDK reads the mode
 * once, as it loads, so this module is imported ahead of the tracer's (platform/tracer.ts).
 */
function tracingIsOff(environment: NodeJS.ProcessEnv): boolean {
  const outsideLambda = !environment.AWS_EXECUTION_ENV;
  const turnedOff = environment.POWERTOOLS_TRACE_ENABLED?.toLowerCase() === 'false';
  return outsideLambda || turnedOff;
}

if (tracingIsOff(process.env)) process.env.AWS_XRAY_MANUAL_MODE ??= 'true';
