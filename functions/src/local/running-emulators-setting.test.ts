import { runningEmulatorsFrom } from './running-emulators-setting';

describe('the RUNNING_EMULATORS setting', () => {
  const endpoints = {
    dynamoDb: 'http://127.0.0.1:4101',
    sqs: 'http://127.0.0.1:4102',
    ses: 'http://127.0.0.1:4103',
    emailViewer: 'http://127.0.0.1:4103/',
  };

  it('is absent when unset or empty, so the app starts its own emulators', () => {
    expect(runningEmulatorsFrom(undefined)).toBeUndefined();
    expect(runningEmulatorsFrom('')).toBeUndefined();
  });

  it('reads the four endpoints', () => {
    expect(runningEmulatorsFrom(JSON.stringify(endpoints))).toEqual(endpoints);
  });

  it('refuses what is not JSON, and names the endpoints missing or not http URLs', () => {
    expect(() => runningEmulatorsFrom('dynamo')).toThrow(
      'RUNNING_EMULATORS must be JSON, not "dynamo".',
    );
    expect(() =>
      runningEmulatorsFrom(JSON.stringify({ ...endpoints, sqs: 'file:///tmp', ses: undefined })),
    ).toThrow('missing or not a URL: sqs, ses.');
  });
});
