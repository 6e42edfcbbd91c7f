/**
 * Preloaded (`node --require`) into the process of each rehearsed function, before its bundle.
 * Every AWS SDK v3 client sends through the Smithy `Client.prototype.send`; this wraps it so each
 * client's middleware stack gets, once, a middleware at the initialize step that records the call
 * (client, command and what sdk-call-summary.cjs keeps of its input) and its outcome. The
 * bundle, its clients and the requests they send are left as they are.
 *
 * The runtime (lambda-runtime.cjs) hands the records to the rehearsal after each invocation.
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: loaded with `node --require` before the bundle */

const Module = require('node:module');
const { summarize } = require('./sdk-call-summary.cjs');

const CALLS = Symbol.for('expiry-radar.rehearsal.sdk-calls');
globalThis[CALLS] = [];

const recordCall = (next, context) => async (args) => {
  const call = {
    client: context.clientName,
    command: context.commandName,
    input: summarize(args.input),
    outcome: 'pending',
  };
  globalThis[CALLS].push(call);
  try {
    const output = await next(args);
    call.outcome = 'ok';
    return output;
  } catch (error) {
    call.outcome = (error && error.name) || 'Error';
    throw error;
  }
};

const patchedClasses = new WeakSet();
const recordedStacks = new WeakSet();

function patchClientClass(Client) {
  if (patchedClasses.has(Client)) return;
  patchedClasses.add(Client);
  const send = Client.prototype.send;
  Client.prototype.send = function sendRecorded(...args) {
    // A DynamoDB document client shares its client's stack: one recorder serves both.
    const stack = this.middlewareStack;
    if (stack && !recordedStacks.has(stack)) {
      recordedStacks.add(stack);
      stack.add(recordCall, {
        step: 'initialize',
        name: 'rehearsalSdkCallRecorder',
        priority: 'high',
        override: true,
      });
    }
    return send.apply(this, args);
  };
}

/** Smithy's client class, wherever a package loads it from (one copy or several). */
const CLIENT_MODULE = /(^|\/)@smithy\/(core\/client|smithy-client)$/;

const load = Module._load;
Module._load = function loadAndPatch(request, ...rest) {
  const loaded = load.call(this, request, ...rest);
  if (CLIENT_MODULE.test(request) && loaded && typeof loaded.Client === 'function') {
    patchClientClass(loaded.Client);
  }
  return loaded;
};
