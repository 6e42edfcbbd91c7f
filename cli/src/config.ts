/**
 * Where `expiry-radar login` keeps the API key: `config.json` in the user's configuration folder
 * (`$XDG_CONFIG_HOME/expiry-radar`, else `~/.config/expiry-radar`; `%APPDATA%\expiry-radar` on
 * Windows; `~/Library/Application Support/expiry-radar` on macOS), written with mode 0600 in a
 * folder of mode 0700. `EXPIRY_RADAR_API_KEY`, `EXPIRY_RADAR_API_URL` and
 * `EXPIRY_RADAR_WORKSPACE` override what is stored.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, platform } from 'node:os';
import { join } from 'node:path';

export const DEFAULT_API_URL = 'http://localhost:4000';

export interface StoredConfig {
  readonly api_url?: string;
  readonly api_key?: string;
  readonly workspace?: string;
}

export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'expiry-radar');
  if (platform() === 'win32' && env.APPDATA) return join(env.APPDATA, 'expiry-radar');
  if (platform() === 'darwin') {
    return join(homedir(), 'Library', 'Application Support', 'expiry-radar');
  }
  return join(homedir(), '.config', 'expiry-radar');
}

export const configFile = () => join(configDirectory(), 'config.json');

export function readStoredConfig(): StoredConfig {
  const file = configFile();
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StoredConfig;
  } catch {
    return {};
  }
}

export function writeStoredConfig(config: StoredConfig): string {
  const folder = configDirectory();
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = configFile();
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // An existing file keeps its mode on write: set it either way.
  chmodSync(file, 0o600);
  return file;
}
