/**
 * What every command that calls the API needs: the API's address and the key (options, then the
 * environment, then what `login` stored), and the workspace (by id or name; when none is named,
 * the key's only workspace).
 */
import { ApiClient } from '../api-client.js';
import { checkedApiUrl } from '../api-url.js';
import { DEFAULT_API_URL, configFile, readStoredConfig } from '../config.js';
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

/** The API's address: `--api-url`, else `EXPIRY_RADAR_API_URL`, else the stored one, checked. */
export function apiUrlOf(values: Values): string {
  const option = text(values, 'api-url');
  if (option !== undefined) return checkedApiUrl(option, '--api-url');
  const environment = process.env.EXPIRY_RADAR_API_URL;
  if (environment) return checkedApiUrl(environment, 'EXPIRY_RADAR_API_URL');
  const stored = readStoredConfig().api_url;
  if (stored) return checkedApiUrl(stored, `The api_url stored in ${configFile()}`);
  return DEFAULT_API_URL;
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

export interface Workspace {
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

const workspaceList = (workspaces: readonly Workspace[]): string =>
  workspaces.map((workspace) => `${workspace.name} (${workspace.id})`).join(', ');

/** The workspace of the key's that `named` names, by id or by name in any case. */
export function namedWorkspace(workspaces: readonly Workspace[], named: string): Workspace {
  const byId = workspaces.find((workspace) => workspace.id === named);
  if (byId) return byId;
  const byName = workspaces.filter(
    (workspace) => workspace.name.toLowerCase() === named.toLowerCase(),
  );
  if (byName.length === 1) return byName[0]!;
  throw new CliError(
    EXIT.usage,
    byName.length === 0
      ? `No workspace "${named}" for this API key. ${workspaces.length === 0 ? 'It reaches none.' : `It reaches: ${workspaceList(workspaces)}.`}`
      : `Several workspaces are named "${named}": give its id (${workspaceList(byName)}).`,
    { showHelp: false },
  );
}

/** The workspace a command acts on. */
export async function workspaceOf(client: ApiClient, values: Values): Promise<Workspace> {
  const named =
    text(values, 'workspace') || process.env.EXPIRY_RADAR_WORKSPACE || readStoredConfig().workspace;
  const workspaces = await listWorkspaces(client);
  if (named) return namedWorkspace(workspaces, named);
  if (workspaces.length === 1) return workspaces[0]!;
  throw new CliError(
    EXIT.usage,
    workspaces.length === 0
      ? 'This API key reaches no workspace.'
      : `Name the workspace with --workspace (this key reaches ${workspaces.length}: ${workspaceList(workspaces)}).`,
  );
}

export function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}
export function warn(line: string): void {
  process.stderr.write(`${line}\n`);
}
