import { lintSnippets } from '../support/lint-snippets';

/** A module at `filePath` that imports and uses one name. */
const importer = (filePath: string, name: string, from: string) => ({
  filePath,
  code: `import { ${name} } from '${from}';\nexport const used = [${name}];\n`,
});

const forbidden = [
  // A feature reaching into another feature's internals.
  importer(
    'web/src/features/dashboard/fixture.ts',
    'tokenListQueryOptions',
    '../tokens/api/token-queries',
  ),
  importer(
    'web/src/features/account/components/fixture.ts',
    'TransferTokenList',
    '../../workspaces/components/transfer-token-list',
  ),
  importer('web/src/features/workspaces/fixture.ts', 'useSession', '../session/hooks/use-session'),
  // lib and components importing a feature, even its public entry.
  importer('web/src/lib/fixture.ts', 'useSession', '../features/session'),
  importer('web/src/components/fixture.ts', 'planKeys', '../features/plan/api/plan-keys'),
  // The app past a feature's index.ts and its route modules.
  importer(
    'web/src/app/layout/fixture.ts',
    'useWorkspaceSelection',
    '../../features/workspaces/hooks/use-workspace-selection',
  ),
  importer(
    'web/src/app/router/fixture.ts',
    'DashboardView',
    '../../features/dashboard/components/dashboard-view',
  ),
];
const allowed = [
  importer('web/src/features/dashboard/fixture.ts', 'tokenListQueryOptions', '../tokens'),
  importer(
    'web/src/features/account/components/fixture.ts',
    'TransferTokenList',
    '../../workspaces',
  ),
  importer('web/src/features/dashboard/fixture.ts', 'DashboardView', './components/dashboard-view'),
  importer('web/src/lib/fixture.ts', 'call', './api-call'),
  importer('web/src/components/fixture.ts', 'Spinner', './spinner'),
  importer('web/src/app/layout/fixture.ts', 'useWorkspaceSelection', '../../features/workspaces'),
  importer(
    'web/src/app/router/fixture.ts',
    'DashboardPage',
    '../../features/dashboard/dashboard-page',
  ),
  importer('web/src/app/router/fixture.ts', 'DocsLayout', '../../features/docs/docs-layout'),
];

const boundaryRule = 'import-x/no-restricted-paths';

describe('the boundaries of web/src are a lint rule', () => {
  const results = lintSnippets([...forbidden, ...allowed]);
  const ruleIdsOf = (index: number) => results[index]?.map(({ ruleId }) => ruleId) ?? [];

  it.each(forbidden.map((snippet, index) => [snippet.filePath, snippet.code, index] as const))(
    '%s may not: %s',
    (_path, _code, index) => {
      expect(ruleIdsOf(index)).toEqual([boundaryRule]);
    },
  );

  it.each(allowed.map((snippet, index) => [snippet.filePath, snippet.code, index] as const))(
    '%s may: %s',
    (_path, _code, index) => {
      expect(ruleIdsOf(forbidden.length + index)).toEqual([]);
    },
  );
});
