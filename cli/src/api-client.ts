/**
 * The Expiry Radar API as the command-line tool calls it: `Authorization: Bearer er_…` with a
 * personal API key, JSON in and out. Failures become `CliError`s with the tool's exit codes: 401
 * (wrong, revoked or expired key), 403 of a read-only key, other refusals, and an API that cannot
 * be reached.
 */
import { CliError, EXIT } from './exit-codes.js';

const READ_ONLY_MESSAGE = 'This API key is read-only: it cannot make changes.';

export interface ApiClientOptions {
  readonly apiUrl: string;
  readonly apiKey: string;
}

export interface ApiAnswer<T> {
  readonly status: number;
  readonly body: T;
  readonly text: string;
}

export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  get apiUrl(): string {
    return this.options.apiUrl;
  }

  async request<T>(
    method: string,
    path: string,
    options: { query?: Record<string, string | undefined>; body?: unknown } = {},
  ): Promise<ApiAnswer<T>> {
    const url = new URL(path, this.options.apiUrl);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(60_000),
      });
      text = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CliError(
        EXIT.unreachable,
        `Cannot reach the Expiry Radar API at ${this.options.apiUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}. Check --api-url and the network.`,
      );
    }
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (response.ok) return { status: response.status, body: body as T, text };
    const message =
      typeof body === 'object' && body !== null && 'error' in body
        ? String(body.error)
        : `HTTP ${response.status}`;
    const details =
      typeof body === 'object' && body !== null && 'details' in body
        ? (body as { details?: { path?: string; message?: string }[] }).details
        : undefined;
    const detailText = details?.length
      ? `\n${details.map((detail) => `  ${detail.path ? `${detail.path}: ` : ''}${detail.message ?? ''}`).join('\n')}`
      : '';
    if (response.status === 401) {
      throw new CliError(EXIT.badKey, `The API key was refused: ${message}`);
    }
    if (response.status === 403 && message === READ_ONLY_MESSAGE) {
      throw new CliError(EXIT.readOnlyKey, message);
    }
    if (response.status >= 500) {
      throw new CliError(EXIT.unreachable, `The Expiry Radar API failed: ${message}`);
    }
    throw new CliError(EXIT.refused, `${message}${detailText}`);
  }
}
