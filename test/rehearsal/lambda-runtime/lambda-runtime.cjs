/**
 * A stand-in for the Lambda Node.js runtime, in a fresh process per function: loads the handler
 * the template names (`_HANDLER`, e.g. `index.handler`) from the function's asset
 * (`LAMBDA_TASK_ROOT`), then runs one invocation per message from the rehearsal (over the fork
 * IPC channel) with a Lambda context, setting `_X_AMZN_TRACE_ID` per invocation as Lambda does.
 * The rehearsal enforces the function's timeout. The SDK calls recorded by
 * sdk-call-recorder.cjs go back with each answer (and the ones made while loading with `ready`).
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: loaded with `node --require` before the bundle */

const path = require('node:path');

const CALLS = Symbol.for('expiry-radar.rehearsal.sdk-calls');

function takeCalls() {
  const calls = globalThis[CALLS] || [];
  globalThis[CALLS] = [];
  return calls;
}

function serializeError(error) {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack };
  }
  return { name: 'NonError', message: String(error) };
}

function send(message) {
  return new Promise((resolve) => process.send(message, () => resolve()));
}

function loadHandler() {
  const taskRoot = process.env.LAMBDA_TASK_ROOT;
  const handlerSetting = process.env._HANDLER || '';
  const separator = handlerSetting.lastIndexOf('.');
  if (!taskRoot || separator <= 0) {
    throw new Error(
      `No handler to load (LAMBDA_TASK_ROOT ${taskRoot}, _HANDLER ${handlerSetting})`,
    );
  }
  const moduleName = handlerSetting.slice(0, separator);
  const exportName = handlerSetting.slice(separator + 1);
  const loaded = require(path.join(taskRoot, moduleName));
  const handler = loaded[exportName];
  if (typeof handler !== 'function') {
    throw new Error(`${moduleName}.js exports no function "${exportName}"`);
  }
  return handler;
}

function lambdaContext(message) {
  const env = process.env;
  return {
    functionName: env.AWS_LAMBDA_FUNCTION_NAME,
    functionVersion: env.AWS_LAMBDA_FUNCTION_VERSION,
    invokedFunctionArn: message.functionArn,
    memoryLimitInMB: env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
    awsRequestId: message.requestId,
    logGroupName: env.AWS_LAMBDA_LOG_GROUP_NAME,
    logStreamName: env.AWS_LAMBDA_LOG_STREAM_NAME,
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, message.deadline - Date.now()),
    done() {},
    fail() {},
    succeed() {},
  };
}

function runHandler(handler, event, context) {
  if (handler.length < 3) return Promise.resolve(handler(event, context));
  return new Promise((resolve, reject) => {
    const answer = handler(event, context, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    if (answer && typeof answer.then === 'function') answer.then(resolve, reject);
  });
}

/**
 * Runs the invocation with `Math.random` drawing from [0, randomBelow) when the rehearsal asks
 * (lambda-process.ts `InvocationOptions`), as Math.random is again afterwards.
 */
function withRandomBelow(randomBelow, run) {
  if (typeof randomBelow !== 'number') return run();
  const random = Math.random;
  Math.random = () => random() * randomBelow;
  return run().finally(() => {
    Math.random = random;
  });
}

async function main() {
  let handler;
  try {
    handler = loadHandler();
  } catch (error) {
    await send({ type: 'init-error', error: serializeError(error), calls: takeCalls() });
    process.exit(1);
  }
  await send({ type: 'ready', calls: takeCalls() });

  process.on('message', (message) => {
    if (!message || message.type !== 'invoke') return;
    process.env._X_AMZN_TRACE_ID = message.traceId;
    withRandomBelow(message.randomBelow, () =>
      runHandler(handler, message.event, lambdaContext(message)),
    ).then(
      (result) => send({ type: 'result', id: message.id, result, calls: takeCalls() }),
      (error) =>
        send({ type: 'result', id: message.id, error: serializeError(error), calls: takeCalls() }),
    );
  });
}

void main();
