import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export interface LintMessage {
  readonly ruleId: string | null;
  readonly message: string;
}

/**
 * The repository's ESLint rules applied to each snippet as if it were the file at its path (the
 * file need not exist), in one ESLint process. Answers each snippet's messages, in order.
 */
export function lintSnippets(
  snippets: readonly { filePath: string; code: string }[],
): LintMessage[][] {
  const output = execFileSync(process.execPath, [resolve(__dirname, '../lint/lint-snippet.mjs')], {
    input: JSON.stringify(snippets),
    encoding: 'utf8',
  });
  return JSON.parse(output) as LintMessage[][];
}
