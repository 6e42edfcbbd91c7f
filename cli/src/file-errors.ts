/** A file the tool cannot read or write, said in one line (exit 2), never as a Node error. */
import { CliError, EXIT } from './exit-codes.js';

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of its path is not a folder',
  ELOOP: 'too many symbolic links',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
};

/** The refusal for a failed read or write of `path`; other errors than the file system's as they are. */
export function fileError(action: 'read' | 'write', path: string, error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return error;
  return new CliError(
    EXIT.usage,
    `Cannot ${action} ${path}: ${REASONS[code] ?? code.toLowerCase()}.`,
    { showHelp: false },
  );
}
