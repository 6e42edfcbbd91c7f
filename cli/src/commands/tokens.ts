/** `login`, `tokens list|get|add|renew|delete`, `import`, `export` and `check`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { ApiClient } from '../api-client.js';
import { configFile, readStoredConfig, writeStoredConfig } from '../config.js';
import { CliError, EXIT } from '../exit-codes.js';
import { fileError } from '../file-errors.js';
import {
  FIELD_OPTION_NAMES,
  TOKEN_TYPE_VALUES,
  checkedCategory,
  checkedTypeAndCategory,
  fieldsOfOptions,
} from '../token-values.js';
import {
  apiUrlOf,
  clientOf,
  listWorkspaces,
  namedWorkspace,
  print,
  text,
  texts,
  warn,
  workspaceOf,
  type CommandInput,
} from './context.js';
import type { Command } from './index.js';

export interface Token {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly category: string;
  readonly expiresAt: string;
  readonly section: string | null;
  readonly source?: { kind: string; external_id: string; removed_at: string | null };
  readonly [field: string]: unknown;
}

const DAY_MS = 86_400_000;
const TOKEN_PAGE_SIZE = 100;

/** Whole UTC calendar days from today to the expiry day (0 today, negative once expired). */
export function daysLeft(expiresAt: string, now = new Date()): number | null {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(expiresAt)
    ? Date.parse(`${expiresAt}T00:00:00Z`)
    : Date.parse(expiresAt);
  if (Number.isNaN(day)) return null;
  return Math.floor(day / DAY_MS) - Math.floor(now.getTime() / DAY_MS);
}

function table(tokens: readonly Token[]): string {
  const rows = [
    ['ID', 'NAME', 'TYPE', 'EXPIRES', 'DAYS', 'SECTION'],
    ...tokens.map((token) => [
      token.id,
      token.name + (token.source?.removed_at ? ' (removed at source)' : ''),
      token.type,
      token.expiresAt.slice(0, 10),
      String(daysLeft(token.expiresAt) ?? '?'),
      token.section ?? '',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function allTokens(
  client: ApiClient,
  workspaceId: string,
  query: Record<string, string | undefined> = {},
): Promise<Token[]> {
  const tokens: Token[] = [];
  for (let offset = 0; ; offset += TOKEN_PAGE_SIZE) {
    const page = await client.request<{ items: Token[]; total: number }>('GET', '/api/tokens', {
      query: {
        workspace_id: workspaceId,
        limit: String(TOKEN_PAGE_SIZE),
        offset: String(offset),
        sort: 'expiration_asc',
        ...query,
      },
    });
    tokens.push(...page.body.items);
    if (page.body.items.length < TOKEN_PAGE_SIZE || tokens.length >= page.body.total) return tokens;
  }
}

async function oneToken(client: ApiClient, workspaceId: string, id: string): Promise<Token> {
  const page = await client.request<{ items: Token[] }>('GET', '/api/tokens', {
    query: { workspace_id: workspaceId, id },
  });
  const token = page.body.items[0];
  if (!token) throw new CliError(EXIT.refused, `No token ${id} in this workspace.`);
  return token;
}

const requireArgument = (input: CommandInput, index: number, what: string): string => {
  const value = input.positionals[index];
  if (!value) throw new CliError(EXIT.usage, `Missing ${what}.`);
  return value;
};

function showToken(token: Token, json: boolean): void {
  if (json) {
    print(JSON.stringify(token, null, 2));
    return;
  }
  const days = daysLeft(token.expiresAt);
  print(`${token.name} (${token.type}, ${token.category})`);
  print(`  id:       ${token.id}`);
  print(`  expires:  ${token.expiresAt}${days === null ? '' : ` (${days} days)`}`);
  if (token.section) print(`  section:  ${token.section}`);
  if (token.source) {
    print(
      `  source:   ${token.source.kind} ${token.source.external_id}${token.source.removed_at ? ' (removed at source)' : ''}`,
    );
  }
}

/** `14d`, `2w`, `14`: a window in days. */
export function windowDays(value: string): number {
  const match = /^(\d+)\s*([dw]?)$/i.exec(value.trim());
  if (!match)
    throw new CliError(
      EXIT.usage,
      `--within takes days like 14d or weeks like 2w, not "${value}".`,
    );
  return Number(match[1]) * (match[2]?.toLowerCase() === 'w' ? 7 : 1);
}

const FILE_FORMATS = ['csv', 'json'] as const;

/** `--format` of import and export, checked here: the API's refusal would only say "invalid". */
function fileFormat(value: string | undefined, fallback: (typeof FILE_FORMATS)[number]): string {
  if (value === undefined) return fallback;
  if ((FILE_FORMATS as readonly string[]).includes(value)) return value;
  throw new CliError(EXIT.usage, `--format takes csv or json, not "${value}".`, {
    showHelp: false,
  });
}

const categoryOption = (values: CommandInput['values']): string | undefined => {
  const category = text(values, 'category');
  return category === undefined ? undefined : checkedCategory(category);
};

const JSON_OPTION = { json: { type: 'boolean' } } as const;
const JSON_HELP = '  --json               print JSON instead of text';

export const TOKEN_COMMANDS: Command[] = [
  {
    name: 'login',
    summary: 'Store an API key (and the API URL, workspace) in your configuration folder',
    usage: 'login [--api-key er_…] [--api-url URL] [--workspace ID]',
    description:
      'Checks the key (and the workspace, when one is named) against the API, then writes it to config.json in your configuration folder with mode 0600. Without --api-key the key is read from standard input (or EXPIRY_RADAR_API_KEY). Instead of logging in, scripts may set EXPIRY_RADAR_API_KEY.',
    options: { 'api-key': { type: 'string' } },
    optionsHelp: '  --api-key KEY        the personal API key (er_…) from Account > API keys',
    async run({ values }) {
      const apiUrl = apiUrlOf(values);
      let key = text(values, 'api-key') ?? process.env.EXPIRY_RADAR_API_KEY;
      if (!key) {
        if (process.stdin.isTTY) process.stderr.write('API key (er_…): ');
        key = readFileSync(0, 'utf8').split('\n')[0]?.trim();
      }
      if (!key) throw new CliError(EXIT.usage, 'No API key given.');
      if (!key.startsWith('er_'))
        throw new CliError(EXIT.badKey, 'An Expiry Radar API key starts with er_.');
      const client = new ApiClient({ apiUrl, apiKey: key });
      const workspaces = await listWorkspaces(client);
      const named = text(values, 'workspace');
      // Checked before anything is stored: a workspace the key does not reach fails every command.
      const workspace = named ? namedWorkspace(workspaces, named) : undefined;
      const file = writeStoredConfig({
        ...readStoredConfig(),
        api_url: apiUrl,
        api_key: key,
        ...(workspace ? { workspace: workspace.id } : {}),
      });
      print(
        `Logged in to ${apiUrl}: the key reaches ${workspaces.length} workspace${workspaces.length === 1 ? '' : 's'} (${workspaces.map((w) => w.name).join(', ')}).`,
      );
      if (workspace) print(`Workspace: ${workspace.name} (${workspace.id}).`);
      print(`Stored in ${file} (mode 0600).`);
      return EXIT.ok;
    },
  },
  {
    name: 'logout',
    summary: 'Forget the stored API key',
    usage: 'logout',
    options: {},
    run() {
      const { api_key: _key, ...rest } = readStoredConfig();
      writeStoredConfig(rest);
      print(`The API key was removed from ${configFile()}.`);
      return Promise.resolve(EXIT.ok);
    },
  },
  {
    name: 'tokens list',
    summary: "List the workspace's tokens, soonest expiry first",
    usage: 'tokens list [--search TEXT] [--category cert|key_secret|license|general] [--json]',
    options: { ...JSON_OPTION, search: { type: 'string' }, category: { type: 'string' } },
    optionsHelp: `  --search TEXT        only tokens matching the text\n  --category NAME      only tokens of a category\n${JSON_HELP}`,
    async run({ values }) {
      const category = categoryOption(values);
      const client = clientOf(values);
      const workspace = await workspaceOf(client, values);
      const tokens = await allTokens(client, workspace.id, { q: text(values, 'search'), category });
      print(
        values.json
          ? JSON.stringify(tokens, null, 2)
          : tokens.length
            ? table(tokens)
            : 'No tokens.',
      );
      return EXIT.ok;
    },
  },
  {
    name: 'tokens get',
    summary: 'Show one token',
    usage: 'tokens get ID [--json]',
    options: JSON_OPTION,
    optionsHelp: JSON_HELP,
    async run(input) {
      const client = clientOf(input.values);
      const workspace = await workspaceOf(client, input.values);
      showToken(
        await oneToken(client, workspace.id, requireArgument(input, 0, 'the token id')),
        Boolean(input.values.json),
      );
      return EXIT.ok;
    },
  },
  {
    name: 'tokens add',
    summary: 'Add a token (needs a read-write key)',
    usage:
      'tokens add --name NAME --type TYPE --expires YYYY-MM-DD [--category C] [--section S] [--field name=value]... [--json]',
    description: `Types: ${TOKEN_TYPE_VALUES.join(', ')}. The category follows from the type unless given.
Fields for --field: ${FIELD_OPTION_NAMES.join(', ')}.`,
    options: {
      ...JSON_OPTION,
      name: { type: 'string' },
      type: { type: 'string' },
      expires: { type: 'string' },
      category: { type: 'string' },
      section: { type: 'string' },
      field: { type: 'string', multiple: true },
    },
    optionsHelp: `  --name NAME          the token's name\n  --type TYPE          its type, by value or label (see above)\n  --expires DATE       its expiry, YYYY-MM-DD\n  --category NAME      cert, key_secret, license or general (default: the type's)\n  --section NAME       its section\n  --field NAME=VALUE   any other field (see above: issuer, domains, location, notes…), repeatable\n${JSON_HELP}`,
    async run({ values }) {
      const name = text(values, 'name');
      const type = text(values, 'type');
      const expiresAt = text(values, 'expires');
      if (!name || !type || !expiresAt)
        throw new CliError(EXIT.usage, 'tokens add needs --name, --type and --expires.');
      const typeAndCategory = checkedTypeAndCategory(type, text(values, 'category'));
      const fields = fieldsOfOptions(texts(values, 'field'));
      const client = clientOf(values);
      const workspace = await workspaceOf(client, values);
      const answer = await client.request<Token>('POST', '/api/tokens', {
        body: {
          ...fields,
          name,
          ...typeAndCategory,
          expiresAt,
          section: text(values, 'section') ?? null,
          workspace_id: workspace.id,
        },
      });
      if (values.json) showToken(answer.body, true);
      else
        print(`Added ${answer.body.name} (${answer.body.id}), expires ${answer.body.expiresAt}.`);
      return EXIT.ok;
    },
  },
  {
    name: 'tokens renew',
    summary: 'Record a renewal: a new expiry date (needs a read-write key)',
    usage: 'tokens renew ID --expires YYYY-MM-DD [--json]',
    options: { ...JSON_OPTION, expires: { type: 'string' } },
    optionsHelp: `  --expires DATE       the new expiry, YYYY-MM-DD\n${JSON_HELP}`,
    async run(input) {
      const id = requireArgument(input, 0, 'the token id');
      const expiresAt = text(input.values, 'expires');
      if (!expiresAt) throw new CliError(EXIT.usage, 'tokens renew needs --expires.');
      const client = clientOf(input.values);
      const answer = await client.request<Token>('PUT', `/api/tokens/${encodeURIComponent(id)}`, {
        body: { expiresAt },
      });
      if (input.values.json) showToken(answer.body, true);
      else print(`Renewed ${answer.body.name}: expires ${answer.body.expiresAt}.`);
      return EXIT.ok;
    },
  },
  {
    name: 'tokens delete',
    summary: 'Delete a token permanently (needs a read-write key)',
    usage: 'tokens delete ID [--json]',
    options: JSON_OPTION,
    optionsHelp: JSON_HELP,
    async run(input) {
      const id = requireArgument(input, 0, 'the token id');
      const client = clientOf(input.values);
      const answer = await client.request<unknown>(
        'DELETE',
        `/api/tokens/${encodeURIComponent(id)}`,
      );
      print(input.values.json ? JSON.stringify(answer.body) : `Deleted ${id}.`);
      return EXIT.ok;
    },
  },
  {
    name: 'import',
    summary: 'Import tokens from a CSV or JSON file (needs a read-write key)',
    usage: 'import FILE [--format csv|json] [--dry-run] [--json]',
    description:
      'Creates tokens, updates those of the same name and type, and reports invalid rows, duplicates and rows beyond the plan limit (the same file format the export writes). "-" reads standard input.',
    options: { ...JSON_OPTION, format: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    optionsHelp: `  --format csv|json    the file's format (default: from its name, else csv)\n  --dry-run            report what would happen, write nothing\n${JSON_HELP}`,
    async run(input) {
      const file = requireArgument(input, 0, 'the file to import');
      const format = fileFormat(
        text(input.values, 'format'),
        file.toLowerCase().endsWith('.json') ? 'json' : 'csv',
      );
      let content: string;
      try {
        content = readFileSync(file === '-' ? 0 : file, 'utf8');
      } catch (error) {
        throw fileError('read', file === '-' ? 'standard input' : file, error);
      }
      const client = clientOf(input.values);
      const workspace = await workspaceOf(client, input.values);
      const answer = await client.request<{
        rows: number;
        created: number;
        updated: number;
        unchanged: number;
        outcomes?: string[];
        invalid?: { row: number; field: string | null; message: string }[];
        duplicates?: { row: number; firstRow: number }[];
      }>('POST', `/api/v1/workspaces/${workspace.id}/imports`, {
        body: { format, content, dryRun: Boolean(input.values['dry-run']) },
      });
      if (input.values.json) print(JSON.stringify(answer.body, null, 2));
      else {
        const { rows, created, updated, unchanged } = answer.body;
        print(
          `${input.values['dry-run'] ? 'Dry run: ' : ''}${rows} rows: ${created} created, ${updated} updated, ${unchanged} unchanged.`,
        );
        for (const row of answer.body.invalid ?? [])
          warn(`  row ${row.row}${row.field ? ` (${row.field})` : ''}: ${row.message}`);
        for (const row of answer.body.duplicates ?? [])
          warn(`  row ${row.row}: the name and type of row ${row.firstRow}, which is imported`);
      }
      const notImported = (answer.body.outcomes ?? []).filter(
        (outcome) => outcome === 'invalid' || outcome === 'duplicate' || outcome === 'refused',
      ).length;
      if (notImported === 0) return EXIT.ok;
      if (!input.values.json)
        warn(
          `${notImported} row${notImported === 1 ? ' was' : 's were'} not imported${input.values['dry-run'] ? ' (dry run)' : ''}.`,
        );
      return EXIT.rowsNotImported;
    },
  },
  {
    name: 'export',
    summary: 'Export every token of the workspace as CSV or JSON',
    usage: 'export [--format csv|json] [--output FILE]',
    options: { format: { type: 'string' }, output: { type: 'string', short: 'o' } },
    optionsHelp:
      '  --format csv|json    the format (default: csv)\n  -o, --output FILE    write to a file instead of standard output',
    async run({ values }) {
      const format = fileFormat(text(values, 'format'), 'csv');
      const output = text(values, 'output');
      const client = clientOf(values);
      const workspace = await workspaceOf(client, values);
      const answer = await client.request<unknown>(
        'GET',
        `/api/v1/workspaces/${workspace.id}/tokens/export`,
        { query: { format } },
      );
      if (output) {
        try {
          writeFileSync(output, answer.text);
        } catch (error) {
          throw fileError('write', output, error);
        }
        print(`Wrote ${output}.`);
      } else process.stdout.write(answer.text);
      return EXIT.ok;
    },
  },
  {
    name: 'check',
    summary: 'Exit 1 when a token expires within the window (for CI)',
    usage: 'check [--within 14d] [--category NAME] [--section NAME] [--json]',
    description:
      'Lists the tokens that expire within the window (expired ones included; tokens marked removed at source are not counted) and exits 1 when there is any, 0 when there is none.',
    options: {
      ...JSON_OPTION,
      within: { type: 'string' },
      category: { type: 'string' },
      section: { type: 'string' },
    },
    optionsHelp: `  --within DAYS        the window: 14d, 2w or a number of days (default: 14d)\n  --category NAME      only tokens of a category\n  --section NAME       only tokens of a section\n${JSON_HELP}`,
    async run({ values }) {
      const within = windowDays(text(values, 'within') ?? '14d');
      // A category nothing is of would pass every check: refused instead.
      const category = categoryOption(values);
      const client = clientOf(values);
      const workspace = await workspaceOf(client, values);
      const section = text(values, 'section');
      // The token list, not the export: only the list answers each token's source, whose
      // removed_at keeps tokens gone at their source out of the check.
      const tokens = await allTokens(client, workspace.id, { category });
      const due = tokens
        .filter((token) => !token.source?.removed_at)
        .filter((token) => !section || token.section === section)
        .map((token) => ({ token, days: daysLeft(token.expiresAt) }))
        .filter(
          (entry): entry is { token: Token; days: number } =>
            entry.days !== null && entry.days < within,
        )
        .sort((a, b) => a.days - b.days);
      if (values.json) {
        print(
          JSON.stringify(
            {
              within_days: within,
              due: due.map(({ token, days }) => ({
                id: token.id,
                name: token.name,
                type: token.type,
                expires_at: token.expiresAt,
                days_left: days,
              })),
            },
            null,
            2,
          ),
        );
      } else if (due.length === 0) {
        print(`Nothing in ${workspace.name} expires within ${within} days.`);
      } else {
        print(
          `${due.length} token${due.length === 1 ? '' : 's'} in ${workspace.name} expire${due.length === 1 ? 's' : ''} within ${within} days:`,
        );
        for (const { token, days } of due) {
          print(
            `  ${token.name} (${token.type}): ${days < 0 ? `expired ${-days} days ago` : days === 0 ? 'expires today' : `expires in ${days} days`} (${token.expiresAt.slice(0, 10)})`,
          );
        }
      }
      return due.length > 0 ? EXIT.expiring : EXIT.ok;
    },
  },
];
