// Lints snippets of code as if each were the file at its path (which need not exist) with the
// repository's ESLint configuration, and prints each snippet's rule ids and messages as JSON.
// Type-aware rules are off here: the snippets are not part of a TypeScript project.
// Usage: node test/lint/lint-snippet.mjs < [{ "filePath": "functions/src/x.ts", "code": "..." }]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const repositoryRoot = resolve(import.meta.dirname, '../..');
const snippets = JSON.parse(readFileSync(0, 'utf8'));
const eslint = new ESLint({
  cwd: repositoryRoot,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
});
const results = [];
for (const { filePath, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath: resolve(repositoryRoot, filePath) });
  results.push((result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
