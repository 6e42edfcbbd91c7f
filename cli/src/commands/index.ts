/** Every command of `expiry-radar`, with its options and help. */
import type { ParseArgsConfig } from 'node:util';
import type { CommandInput } from './context.js';
import { SCAN_COMMANDS } from './scan.js';
import { TOKEN_COMMANDS } from './tokens.js';

export interface Command {
  /** One or two words: `check`, `tokens list`. */
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  readonly description?: string;
  readonly options: NonNullable<ParseArgsConfig['options']>;
  readonly optionsHelp?: string;
  run(input: CommandInput): Promise<number>;
}

export const COMMANDS: readonly Command[] = [...TOKEN_COMMANDS, ...SCAN_COMMANDS];
