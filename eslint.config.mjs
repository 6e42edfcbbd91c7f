import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const FUNCTIONS = 'functions/src';
const layer = (name) => `${FUNCTIONS}/${name}`;
/** Each layer, and the layers it must not import. */
const FORBIDDEN_IMPORTS = {
  services: ['http', 'jobs', 'local'],
  adapters: ['http', 'jobs', 'local', 'services', 'data'],
  data: ['http', 'jobs', 'local', 'services', 'adapters'],
  domain: ['http', 'jobs', 'local', 'services', 'adapters', 'data', 'platform'],
  platform: ['http', 'jobs', 'local', 'services', 'adapters', 'data', 'domain'],
  jobs: ['http', 'local'],
  http: ['jobs', 'local'],
};
const functionLayerZones = Object.entries(FORBIDDEN_IMPORTS).flatMap(([target, forbidden]) =>
  forbidden.map((from) => ({
    target: layer(target),
    from: layer(from),
    message: `functions/src/${target} must not import functions/src/${from} (layers: docs/architecture.md).`,
  })),
);

const WEB = 'web/src';
const FEATURES = `${WEB}/features`;
/** Every feature folder of the web (web/src/features/<feature>/). */
const webFeatures = readdirSync(join(import.meta.dirname, FEATURES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Absolute globs: the rule matches `except` globs against absolute paths as they are. */
const absolute = (glob) => join(import.meta.dirname, glob);
/** A feature's one public entry point. */
const featureEntries = absolute(`${FEATURES}/*/index.ts`);
const webBoundaryZones = [
  // A feature imports another feature only through that feature's index.ts.
  ...webFeatures.map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: `${FEATURES}/**`,
    except: [absolute(`${FEATURES}/${feature}/**`), featureEntries],
    message: `A feature imports another one only through its index.ts (web/src/features/<feature>/index.ts); move what features share to web/src/components, web/src/lib or a shared feature's index.ts.`,
  })),
  // lib and components are below every feature.
  {
    target: [`${WEB}/lib`, `${WEB}/components`],
    from: FEATURES,
    message: 'web/src/lib and web/src/components must not import features.',
  },
  // The app imports a feature's index.ts, and the router its top-level route modules.
  {
    target: `${WEB}/app`,
    from: `${FEATURES}/**`,
    except: [
      featureEntries,
      absolute(`${FEATURES}/*/*-page.tsx`),
      absolute(`${FEATURES}/*/*-layout.tsx`),
    ],
    message:
      "web/src/app imports a feature through its index.ts; only the router imports a feature's route modules (its top-level *-page.tsx and *-layout.tsx, each lazily loaded).",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'cdk.out/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'openapi/**',
      // Written by openapi-typescript; test/api/openapi-types.test.ts checks it is up to date.
      'test/api/openapi-types.generated.ts',
    ],
  },
  js.configs.recommended,
  // The rules that need type information (typescript-eslint's recommendedTypeChecked set) run in
  // oxlint's type-aware mode instead (.oxlintrc.json, the first step of `npm run lint`): the same
  // rules on the native TypeScript compiler, in a fraction of the time.
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // `import { z }` keeps all of zod in every Lambda bundle; the namespace import tree-shakes.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind='value'] > ImportSpecifier[imported.name='z']",
          message: "Use `import * as z from 'zod'` so bundlers can drop what is unused.",
        },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,cjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
    },
  },
  {
    // The layers of functions/src (see docs/architecture.md). Entry points (http handlers, jobs,
    // local) use services; services use data, adapters, domain and platform; data uses domain and
    // platform; domain and platform stand alone. Nothing but the local runtime mounts handlers.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: functionLayerZones,
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The boundaries of web/src, tests included:
    // - a feature (features/<feature>/) reaches another feature only through that feature's
    //   public entry point, its index.ts; what two features share lives in components/, lib/ or
    //   the index.ts of the feature that owns it, so no feature depends on another's internals;
    // - lib/ and components/ import no feature;
    // - app/ imports a feature's index.ts; the router (app/router) also imports the modules it
    //   loads lazily for a route: a feature's top-level *-page.tsx and *-layout.tsx.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: webBoundaryZones },
      ],
    },
  },
);
