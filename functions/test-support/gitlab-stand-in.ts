/**
 * A small GitLab stand-in for sync tests: answers `GET /api/v4/personal_access_tokens` with the
 * tokens the test sets (GitLab's documented shape, one page), and 401 to any other token.
 */
import { createServer, type Server } from 'node:http';
import { jsonAnswer, listenOnLoopback } from '../src/local/emulators/stand-in-http';

export interface StandInToken {
  readonly id: number;
  readonly name: string;
  readonly expires_at: string | null;
}

export interface GitlabStandIn {
  readonly baseUrl: string;
  readonly token: string;
  setTokens(tokens: readonly StandInToken[]): void;
  stop(): Promise<void>;
}

const answer = jsonAnswer('application/json', { 'x-next-page': '' });

export async function startGitlabStandIn(token = 'glpat-stand-in'): Promise<GitlabStandIn> {
  let tokens: readonly StandInToken[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) => answer(response, status, body);
    if (request.headers['private-token'] !== token) {
      json(401, { message: '401 Unauthorized' });
      return;
    }
    if (url.pathname !== '/api/v4/personal_access_tokens') {
      json(404, { message: '404 Not Found' });
      return;
    }
    json(
      200,
      tokens.map((entry) => ({
        ...entry,
        revoked: false,
        active: true,
        scopes: ['read_api'],
        user_id: 1,
        created_at: '2026-01-01T00:00:00.000Z',
        last_used_at: null,
      })),
    );
  });
  const port = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    setTokens: (next) => {
      tokens = next;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
