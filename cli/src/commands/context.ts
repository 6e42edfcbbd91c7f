/**
 * What every command that calls the API needs: the API's address and the key (options, then the
 * environment, then what `login` stored), and the workspace (by id or name; when none is named,
 * the key's only workspace).
 */
import { ApiClient } from '../api-client.js';
import { DEFAULT_API_URL, readStoredConfig } from '../config.js';
import { CliError, EXIT } from '../exit-codes.js';

export type Values = Record<string, string | boolean | string[] | undefined>;

export interface CommandInput {
  readonly values: Values;
  readonly positionals: string[];
}

export const text = (values: Values, name: string): string | undefined => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};
export const texts = (values: Values, name: string): string[] => {
  const value = values[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
};

export function apiUrlOf(values: Values): string {
  return (
    text(values, 'api-url') ??
    process.env.EXPIRY_RADAR_API_URL ??
    readStoredConfig().api_url ??
    DEFAULT_API_URL
  ).replace(/\/+$/, '');
}

export function clientOf(values: Values): ApiClient {
  const apiKey = process.env.EXPIRY_RADAR_API_KEY || readStoredConfig().api_key;
  if (!apiKey) {
    throw new CliError(
      EXIT.badKey,
      'No API key: run "expiry-radar login" or set EXPIRY_RADAR_API_KEY (create a key under Account > API keys).',
    );
  }
  return new ApiClient({ apiUrl: apiUrlOf(values), apiKey });
}

interface Workspace {
  readonly id: string;
  readonly name: string;
  readonly role?: string;
}

export async function listWorkspaces(client: ApiClient): Promise<Workspace[]> {
  const answer = await client.request<{ items: Workspace[] }>('GET', '/api/v1/workspaces', {
    query: { limit: '100' },
  });
  return answer.body.items;
}

/** The workspace a command acts on. */
export async function workspaceOf(client: ApiClient, values: Values): Promise<Workspace> {
  const named =
    text(values, 'workspace') ?? process.env.EXPIRY_RADAR_WORKSPACE ?? readStoredConfig().workspace;
  const workspaces = await listWorkspaces(client);
  if (named) {
    const found =
      workspaces.find((workspace) => workspace.id === named) ??
      workspaces.filter((workspace) => workspace.name.toLowerCase() === named.toLowerCase());
    if (!Array.isArray(found)) return found;
    if (found.length === 1) return found[0]!;
    throw new CliError(
      found.length === 0 ? EXIT.refused : EXIT.usage,
      found.length === 0
        ? `No workspace "${named}" for this API key.`
        : `Several workspaces are named "${named}": give its id.`,
    );
  }
  if (workspaces.length === 1) return workspaces[0]!;
  throw new CliError(
    EXIT.usage,
    workspaces.length === 0
      ? 'This API key reaches no workspace.'
      : `Name the workspace with --workspace (this key reaches ${workspaces.length}: ${workspaces.map((workspace) => `${workspace.name} (${workspace.id})`).join(', ')}).`,
  );
}

export function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}
export function warn(line: string): void {
  process.stderr.write(`${line}\n`);
}
