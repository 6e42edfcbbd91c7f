// One jest run covers every workspace; each workspace is a project with its own environment.
const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** React Email's renderer ships CommonJS with a dynamic import: compiled to a require. */
const reactEmailTransform = { '/@react-email/.+\\.cjs$': swcTransform };

const shared = {
  transform: { '^.+\\.(t|j)sx?$': swcTransform },
  moduleNameMapper: {
    '^@expiry-radar/shared/(.*)$': '<rootDir>/shared/src/$1',
    '^@expiry-radar/functions/(.*)$': '<rootDir>/functions/src/$1',
  },
  rootDir: __dirname,
};

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30_000,
  // Both cores of the CI machine (jest's default leaves one to itself): see docs/architecture.md.
  maxWorkers: Number(process.env.JEST_WORKERS ?? 2),
  // Per-file times for the test command's table of phases (test/suite/run-suite.ts).
  reporters: ['default', '<rootDir>/test/suite/file-times-reporter.cjs'],
  // The slowest files first, even on a fresh clone (test/suite/file-durations.json).
  testSequencer: '<rootDir>/test/suite/slowest-first-sequencer.cjs',
  projects: [
    { ...shared, displayName: 'shared', testEnvironment: 'node', roots: ['<rootDir>/shared/src'] },
    {
      ...shared,
      displayName: 'functions',
      testEnvironment: 'node',
      roots: ['<rootDir>/functions/src'],
      globalSetup: '<rootDir>/functions/test-support/global-setup.ts',
      globalTeardown: '<rootDir>/functions/test-support/global-teardown.ts',
      // Each test file gets its own table and queues in the run's shared emulators.
      setupFilesAfterEnv: [
        '<rootDir>/functions/test-support/emulator-env.ts',
        '<rootDir>/functions/test-support/isolated-stage.ts',
      ],
      // ESM-only packages are compiled to CommonJS like the sources; so is React Email's
      // renderer, whose `import('react-dom/server')` jest's CommonJS runtime cannot run as is.
      transform: { ...shared.transform, '^.+\\.mjs$': swcTransform, ...reactEmailTransform },
      transformIgnorePatterns: [
        '/node_modules/(?!(@middy|openid-client|oauth4webapi|jose|oauth2-mock-server|is-plain-obj|@react-email)/)',
      ],
    },
    {
      ...shared,
      displayName: 'infra',
      testEnvironment: 'node',
      roots: ['<rootDir>/infra'],
      setupFiles: ['<rootDir>/infra/test-support/skip-synth-validation.ts'],
      setupFilesAfterEnv: ['<rootDir>/infra/test-support/synth-output-cleanup.ts'],
    },
    {
      ...shared,
      displayName: 'web',
      testEnvironment: 'jsdom',
      // Not a logging host (only localhost, IP addresses and staging log), so the app stays quiet.
      testEnvironmentOptions: { url: 'http://app.expiry-radar.test/' },
      roots: ['<rootDir>/web/src', '<rootDir>/web/test-support'],
      setupFilesAfterEnv: ['<rootDir>/web/jest.setup.ts'],
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        '\\.(css|woff2?)$': '<rootDir>/web/test-support/style-stub.js',
      },
    },
    {
      ...shared,
      displayName: 'test',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      // The rehearsal's tests synthesize the app too.
      setupFiles: ['<rootDir>/infra/test-support/skip-synth-validation.ts'],
      // The rehearsal's deployment plays an OpenID provider with oauth2-mock-server (ESM only).
      transform: { ...shared.transform, '^.+\\.mjs$': swcTransform },
      transformIgnorePatterns: ['/node_modules/(?!(oauth2-mock-server|jose|is-plain-obj)/)'],
      testPathIgnorePatterns: ['/bench/', '<rootDir>/test/e2e/', '<rootDir>/test/api/'],
    },
    {
      ...shared,
      // The black-box suites: the local app over HTTP and in Chromium, both started once per run.
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/e2e', '<rootDir>/test/api'],
      globalSetup: '<rootDir>/test/support/e2e-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/e2e-global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/retry-once.ts'],
      // React Email's renderer (alert emails rendered for their screenshots), as in functions.
      transform: { ...shared.transform, '^.+\\.mjs$': swcTransform, ...reactEmailTransform },
      // The SSO suite plays an OpenID provider with oauth2-mock-server, an ESM-only package.
      transformIgnorePatterns: [
        '/node_modules/(?!(@react-email|oauth2-mock-server|jose|is-plain-obj)/)',
      ],
    },
  ],
};
