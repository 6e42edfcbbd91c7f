/**
 * `expiry-radar`: the Expiry Radar inventory from scripts, CI and clusters, with a personal API
 * key. Every command takes `--api-url`, `--workspace` and `--help`; `--help` lists the exit codes.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { checkedApiUrl } from './api-url.js';
import { EXIT_CODE_HELP, CliError, EXIT } from './exit-codes.js';
import { COMMANDS, type Command } from './commands/index.js';
import { completionScript } from './commands/completion.js';

const PROGRAM = 'expiry-radar';

export const GLOBAL_OPTIONS = {
  'api-url': { type: 'string' },
  workspace: { type: 'string', short: 'w' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const GLOBAL_HELP = `Options of every command:
  --api-url URL        the Expiry Radar API, an http:// or https:// URL (default: EXPIRY_RADAR_API_URL, the one stored by login, or http://localhost:4000)
  -w, --workspace ID   the workspace, by id or name (default: EXPIRY_RADAR_WORKSPACE, the one stored by login, or the key's only workspace)
  -h, --help           this help`;

function overview(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return `${PROGRAM}: the Expiry Radar inventory from scripts, CI and clusters.

Usage: ${PROGRAM} <command> [options]

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n')}
  ${'completion'.padEnd(width)}  Print a completion script: completion bash | completion zsh

Run "${PROGRAM} <command> --help" for a command's options.
The API key: "${PROGRAM} login", or EXPIRY_RADAR_API_KEY.

${EXIT_CODE_HELP}
`;
}

export function commandHelp(command: Command): string {
  return `${PROGRAM} ${command.name}: ${command.summary}

Usage: ${PROGRAM} ${command.usage}
${command.description ? `\n${command.description}\n` : ''}
${command.optionsHelp ? `Options:\n${command.optionsHelp}\n\n` : ''}${GLOBAL_HELP}

${EXIT_CODE_HELP}
`;
}

/**
 * What follows a usage error: the command's usage line and where its options are, not its
 * whole help, so the error stays the first thing read.
 */
export function usageHint(command: Command): string {
  return `Usage: ${PROGRAM} ${command.usage}
Run "${PROGRAM} ${command.name} --help" for its options and the exit codes.
`;
}

/** The command a line of arguments names: the longest match (`tokens list` before `tokens`). */
function findCommand(args: readonly string[]): { command: Command; rest: string[] } | null {
  const words = args.filter((arg) => !arg.startsWith('-'));
  for (let length = Math.min(2, words.length); length > 0; length -= 1) {
    const name = words.slice(0, length).join(' ');
    const command = COMMANDS.find((candidate) => candidate.name === name);
    if (command) {
      const rest = [...args];
      for (const word of words.slice(0, length)) rest.splice(rest.indexOf(word), 1);
      return { command, rest };
    }
  }
  return null;
}

/** A failure the tool did not foresee: one line and its own exit code, never a stack trace. */
function unexpected(error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${PROGRAM}: unexpected error: ${message.split('\n')[0]}\n`);
  return EXIT.unexpected;
}

export async function main(args: readonly string[]): Promise<number> {
  try {
    return await runCommandLine(args);
  } catch (error) {
    return unexpected(error);
  }
}

async function runCommandLine(args: readonly string[]): Promise<number> {
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h' || args[0] === 'help') {
    process.stdout.write(overview());
    return args.length === 0 ? EXIT.usage : EXIT.ok;
  }
  if (args[0] === 'completion') {
    const shell = args[1];
    if (shell !== 'bash' && shell !== 'zsh') {
      process.stderr.write(`Usage: ${PROGRAM} completion bash|zsh\n`);
      return EXIT.usage;
    }
    process.stdout.write(completionScript(shell, COMMANDS, GLOBAL_OPTIONS));
    return EXIT.ok;
  }
  const found = findCommand(args);
  const group = COMMANDS.filter((command) => command.name.startsWith(`${args[0]} `));
  if (!found && group.length > 0) {
    const width = Math.max(...group.map((command) => command.name.length));
    process.stdout.write(
      `Usage: ${PROGRAM} ${args[0]} <${group.map((command) => command.name.split(' ')[1]).join('|')}> [options]\n\n${group
        .map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`)
        .join(
          '\n',
        )}\n\nRun "${PROGRAM} ${args[0]} <command> --help" for a command's options.\n\n${EXIT_CODE_HELP}\n`,
    );
    return args.includes('--help') || args.includes('-h') ? EXIT.ok : EXIT.usage;
  }
  if (!found) {
    process.stderr.write(`Unknown command: ${args.join(' ')}\n\n${overview()}`);
    return EXIT.usage;
  }
  const { command, rest } = found;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...GLOBAL_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    process.stderr.write(`${PROGRAM}: ${(error as Error).message}\n${usageHint(command)}`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    process.stdout.write(commandHelp(command));
    return EXIT.ok;
  }
  try {
    const apiUrl = parsed.values['api-url'];
    if (typeof apiUrl === 'string') checkedApiUrl(apiUrl, '--api-url');
    return await command.run({
      values: parsed.values as Record<string, string | boolean | string[] | undefined>,
      positionals: parsed.positionals,
    });
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`${PROGRAM}: ${error.message}\n`);
      if (error.showHelp) process.stderr.write(usageHint(command));
      return error.exitCode;
    }
    throw error;
  }
}

// What fails outside the command's own course (a stray callback of a library) ends the same way.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => process.exit(unexpected(error)));
}
process.exitCode = await main(process.argv.slice(2));
