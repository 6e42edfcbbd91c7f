import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
// jsdom has no fetch API; React Router builds a Request for every navigation.
import 'whatwg-fetch';

// React Router encodes and decodes with these; older jsdom environments lack them.
Object.assign(globalThis, {
  TextEncoder: globalThis.TextEncoder ?? TextEncoder,
  TextDecoder: globalThis.TextDecoder ?? TextDecoder,
});
