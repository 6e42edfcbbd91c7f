/**
 * Preloaded into each rehearsed function's process: host names under `.localhost` resolve to the
 * loopback address (RFC 6761), as systemd-resolved and browsers resolve them. The SQS emulator
 * names its queues `http://sqs.<region>.localhost:<port>/...`, and the SQS client sends to the
 * host of a queue's URL; this machine's resolver may not know such names.
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: loaded with `node --require` before the bundle */

const dns = require('node:dns');

const lookup = dns.lookup;
dns.lookup = function lookupLocalhostNames(hostname, options, callback) {
  if (typeof hostname !== 'string' || !hostname.endsWith('.localhost')) {
    return lookup.apply(this, arguments);
  }
  const done = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options !== null && options.all === true;
  if (all) process.nextTick(done, null, [{ address: '127.0.0.1', family: 4 }]);
  else process.nextTick(done, null, '127.0.0.1', 4);
  return undefined;
};
