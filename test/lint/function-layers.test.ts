import { lintSnippets } from '../support/lint-snippets';

/** A module at `filePath` that imports and uses one name. */
const importer = (filePath: string, name: string, from: string) => ({
  filePath,
  code: `import { ${name} } from '${from}';\nexport const used = [${name}];\n`,
});

const forbidden = [
  importer('functions/src/data/fixture.ts', 'monthOf', '../services/alerts/alert-delivery'),
  importer('functions/src/services/tokens/fixture.ts', 'handler', '../../http/tokens/list-tokens'),
  importer('functions/src/domain/fixture.ts', 'getConfig', '../platform/config'),
  importer('functions/src/platform/fixture.ts', 'keys', '../data/keys'),
  importer('functions/src/adapters/fixture.ts', 'keys', '../data/keys'),
  importer('functions/src/jobs/fixture.ts', 'handler', '../http/tokens/list-tokens'),
];
const allowed = [
  importer(
    'functions/src/http/tokens/fixture.ts',
    'monthOf',
    '../../services/alerts/alert-delivery',
  ),
  importer('functions/src/services/tokens/fixture.ts', 'keys', '../../data/keys'),
  importer('functions/src/data/fixture.ts', 'getConfig', '../platform/config'),
  importer('functions/src/local/fixture.ts', 'handler', '../http/tokens/list-tokens'),
];

const layerRule = 'import-x/no-restricted-paths';

describe('the layers of functions/src are a lint rule', () => {
  const results = lintSnippets([...forbidden, ...allowed]);
  const ruleIdsOf = (index: number) => results[index]?.map(({ ruleId }) => ruleId) ?? [];

  it.each(forbidden.map((snippet, index) => [snippet.filePath, snippet.code, index] as const))(
    '%s may not: %s',
    (_path, _code, index) => {
      expect(ruleIdsOf(index)).toEqual([layerRule]);
    },
  );

  it.each(allowed.map((snippet, index) => [snippet.filePath, snippet.code, index] as const))(
    '%s may: %s',
    (_path, _code, index) => {
      expect(ruleIdsOf(forbidden.length + index)).toEqual([]);
    },
  );
});
