import type { Server } from 'node:http';
import startSesServer from 'aws-ses-v2-local';

export interface RunningSesLocal {
  readonly endpoint: string;
  /** The emulator's own page listing every email sent. */
  readonly viewerUrl: string;
  stop(): Promise<void>;
}

/** Starts aws-ses-v2-local: the SES v2 API, keeping sent mail in memory and showing it on a page. */
export async function startSesLocal(options: { port: number }): Promise<RunningSesLocal> {
  const server: Server = await startSesServer({ host: '127.0.0.1', port: options.port });
  const endpoint = `http://127.0.0.1:${options.port}`;
  return {
    endpoint,
    viewerUrl: `${endpoint}/`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
