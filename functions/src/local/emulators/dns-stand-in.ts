/**
 * A DNS server answering TXT queries, standing in for the public DNS locally (`npm start`) and in
 * tests: UDP on 127.0.0.1, RFC 1035 messages. A query for a name it holds TXT records of answers
 * them (each value split into character-strings of at most 255 bytes); a name it does not hold
 * answers NXDOMAIN; another type for a held name answers no records. It never recurses.
 *
 * What it holds is set by tests through the returned object, and by anyone over HTTP:
 * `PUT {controlUrl}/stand-in/txt/<name>` with `{"values": ["..."]}`, and `DELETE` the same path.
 */
import { createSocket, type RemoteInfo } from 'node:dgram';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, jsonAnswer, listenOnLoopback, readJsonBody } from './stand-in-http';

export interface DnsStandIn {
  /** `127.0.0.1:<port>`: the resolver address (DNS_RESOLVER). */
  readonly resolver: string;
  /** `http://127.0.0.1:<port>`: where its records are set over HTTP. */
  readonly controlUrl: string;
  setTxt(name: string, values: readonly string[]): void;
  removeTxt(name: string): void;
  stop(): Promise<void>;
}

const TYPE_TXT = 16;
const CLASS_IN = 1;
const RCODE_FORMAT_ERROR = 1;
const RCODE_NAME_ERROR = 3;
const HEADER_BYTES = 12;
const TTL_SECONDS = 60;

interface Question {
  readonly name: string;
  readonly type: number;
  /** The question section as it came, echoed in the answer. */
  readonly bytes: Buffer;
}

/** The question of a query, or undefined when the message is not one query we can read. */
export function readQuestion(message: Buffer): Question | undefined {
  if (message.length < HEADER_BYTES) return undefined;
  if (message.readUInt16BE(4) !== 1) return undefined;
  const labels: string[] = [];
  let offset = HEADER_BYTES;
  for (;;) {
    const length = message[offset];
    if (length === undefined || length > 63) return undefined;
    offset += 1;
    if (length === 0) break;
    if (offset + length > message.length) return undefined;
    labels.push(message.subarray(offset, offset + length).toString('latin1'));
    offset += length;
  }
  if (offset + 4 > message.length) return undefined;
  const type = message.readUInt16BE(offset);
  return {
    name: labels.join('.').toLowerCase(),
    type,
    bytes: message.subarray(HEADER_BYTES, offset + 4),
  };
}

function characterStrings(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  let start = 0;
  do {
    const chunk = bytes.subarray(start, start + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
    start += 255;
  } while (start < bytes.length);
  return Buffer.concat(parts);
}

function answerRecord(value: string): Buffer {
  const data = characterStrings(value);
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc000 | HEADER_BYTES, 0); // the name: a pointer to the question's
  fixed.writeUInt16BE(TYPE_TXT, 2);
  fixed.writeUInt16BE(CLASS_IN, 4);
  fixed.writeUInt32BE(TTL_SECONDS, 6);
  fixed.writeUInt16BE(data.length, 10);
  return Buffer.concat([fixed, data]);
}

/** The response to `query`, answering from `records` (name -> TXT values). */
export function answerQuery(
  query: Buffer,
  records: ReadonlyMap<string, readonly string[]>,
): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt16BE(query.length >= 2 ? query.readUInt16BE(0) : 0, 0);
  const recursionDesired = query.length >= 3 ? (query[2] ?? 0) & 0x01 : 0;
  const question = readQuestion(query);
  if (!question) {
    header.writeUInt16BE(0x8000 | (recursionDesired << 8) | RCODE_FORMAT_ERROR, 2);
    return header;
  }
  const values = records.get(question.name);
  const rcode = values ? 0 : RCODE_NAME_ERROR;
  const answers = values && question.type === TYPE_TXT ? values.map(answerRecord) : [];
  // QR (response), AA (authoritative), RD echoed; no recursion available.
  header.writeUInt16BE(0x8000 | 0x0400 | (recursionDesired << 8) | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, question.bytes, ...answers]);
}

function normalName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

const sendJson = jsonAnswer('application/json');

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

export async function startDnsStandIn(options: { port?: number; controlPort?: number } = {}) {
  const records = new Map<string, readonly string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (message: Buffer, remote: RemoteInfo) => {
    socket.send(answerQuery(message, records), remote.port, remote.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port ?? 0, '127.0.0.1', () => resolve());
  });

  const control = createServer((request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body: unknown) => sendJson(response, status, body);
    const match = /^\/stand-in\/txt\/([^/?]+)$/.exec(request.url ?? '');
    if (!match?.[1]) {
      send(404, { error: 'Use /stand-in/txt/<name>' });
      return;
    }
    const name = normalName(decodeURIComponent(match[1]));
    if (request.method === 'DELETE') {
      records.delete(name);
      send(200, { ok: true });
      return;
    }
    if (request.method !== 'PUT') {
      send(405, { error: 'PUT or DELETE' });
      return;
    }
    readJsonBody(request).then(
      (body) => {
        const values = (body as { values?: unknown }).values;
        if (!isStringList(values)) {
          send(400, { error: '"values" must be a list of text' });
          return;
        }
        records.set(name, values);
        send(200, { name, values });
      },
      () => send(400, { error: 'The body must be JSON' }),
    );
  });
  const controlPort = await listenOnLoopback(control, options.controlPort);

  const { port } = socket.address();
  return {
    resolver: `127.0.0.1:${port}`,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    setTxt: (name, values) => {
      records.set(normalName(name), [...values]);
    },
    removeTxt: (name) => {
      records.delete(normalName(name));
    },
    stop: async () => {
      await Promise.all([
        new Promise<void>((resolve) => socket.close(() => resolve())),
        closeServer(control),
      ]);
    },
  } satisfies DnsStandIn;
}
