// Handler modules read their settings on first use; make sure each test file starts fresh.
if (!process.env.DYNAMODB_ENDPOINT) {
  throw new Error('The functions tests need the emulators of test-support/global-setup.ts.');
}
