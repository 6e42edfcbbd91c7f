/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: jest loads reporters with require */
// A jest reporter that writes how long each test file took, for the test command's table of
// phases (test/suite/run-suite.ts): JSON at JEST_FILE_TIMES, or node_modules/.cache's default.
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const DEFAULT_FILE = join(__dirname, '../../node_modules/.cache/expiry-radar/jest-file-times.json');

class FileTimesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.files = [];
  }

  onTestResult(test, result) {
    this.files.push({
      file: relative(this.rootDir, test.path),
      project: test.context.config.displayName?.name ?? '',
      seconds: (result.perfStats.end - result.perfStats.start) / 1000,
      tests: result.numPassingTests + result.numFailingTests,
      failed: result.numFailingTests > 0 || Boolean(result.testExecError),
    });
  }

  onRunComplete(_contexts, results) {
    const output = process.env.JEST_FILE_TIMES || DEFAULT_FILE;
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(
      output,
      JSON.stringify(
        {
          suites: results.numTotalTestSuites,
          tests: results.numTotalTests,
          files: this.files,
        },
        null,
        2,
      ),
    );
  }
}

module.exports = FileTimesReporter;
