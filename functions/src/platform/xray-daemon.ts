/**
 * Where a Lambda function's segment documents go: the X-Ray daemon Lambda runs beside the
 * function, over UDP at `AWS_XRAY_DAEMON_ADDRESS` (`host:port`, or `udp:host:port tcp:host:port`),
 * each datagram the daemon's header line and one document.
 */
import { createSocket, type Socket } from 'node:dgram';

const DAEMON_HEADER = '{"format": "json", "version": 1}\n';

export interface DaemonAddress {
  readonly host: string;
  readonly port: number;
}

/** The daemon's UDP address from the variable's value, or undefined when it names none. */
export function daemonAddressOf(value: string | undefined): DaemonAddress | undefined {
  if (!value) return undefined;
  const udp = value
    .trim()
    .split(/\s+/)
    .map((part) => part.replace(/^udp:/, ''))
    .find((part) => !part.startsWith('tcp:'));
  const match = /^(.+):(\d{1,5})$/.exec(udp ?? '');
  if (!match) return undefined;
  const port = Number(match[2]);
  return port > 0 && port < 65_536 ? { host: match[1]!, port } : undefined;
}

let socket: Socket | undefined;

/**
 * Sends one segment document, without waiting: a lost datagram loses a subsegment, never an
 * answer. The socket does not keep the process alive.
 */
export function sendSegmentDocument(address: DaemonAddress, document: object): void {
  if (!socket) {
    socket = createSocket('udp4');
    socket.on('error', () => undefined);
    socket.unref();
  }
  socket.send(DAEMON_HEADER + JSON.stringify(document), address.port, address.host, () => {});
}
