import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import startSesServer from 'aws-ses-v2-local';
import { emailViewerPage } from './email-viewer-page';

export interface RunningSesLocal {
  readonly endpoint: string;
  /** The emulator's own page listing every email sent. */
  readonly viewerUrl: string;
  stop(): Promise<void>;
}

/** Starts aws-ses-v2-local: the SES v2 API, keeping sent mail in memory and showing it on a page. */
export async function startSesLocal(options: { port: number }): Promise<RunningSesLocal> {
  const viewerPage = emailViewerPage();
  const server: Server = await startSesServer({ host: '127.0.0.1', port: options.port });
  serveViewerPage(server, viewerPage);
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

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** The viewer (`GET /`) answered with `page`; every other request goes to the emulator. */
function serveViewerPage(server: Server, page: string): void {
  const emulator = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'GET' && path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
      return;
    }
    for (const listener of emulator) listener(request, response);
  });
}
