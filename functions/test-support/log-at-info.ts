/**
 * Imported first by a test file that reads the logger's lines: the logger takes its level when
 * it is created, and the functions tests otherwise run it SILENT. Jest gives each test file its
 * own copy of the environment, so other files stay silent.
 */
process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
