import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built SPA the way the CloudFront web behaviour does: files as they are, hashed
 * assets cached for good, and every extension-less path answered with index.html.
 */
export async function serveStaticFile(
  webDirectory: string,
  urlPath: string,
  response: ServerResponse,
): Promise<void> {
  const hasExtension = extname(urlPath) !== '';
  const relativePath = hasExtension ? urlPath : '/index.html';
  const filePath = normalize(join(webDirectory, relativePath));
  if (!filePath.startsWith(normalize(webDirectory) + sep)) {
    response.writeHead(404).end();
    return;
  }
  const info = await stat(filePath).catch(() => undefined);
  if (!info?.isFile()) {
    if (relativePath === '/index.html') {
      response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('The web app is not built yet. Run `npm run build -w web`, then reload.');
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const immutable = relativePath.startsWith('/assets/');
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(filePath)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  createReadStream(filePath).pipe(response);
}
