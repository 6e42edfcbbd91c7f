/**
 * @aws-sdk/lib-dynamodb as the functions' bundles see it: infra's esbuild options alias the package
 * to this module (infra/constructs/function-bundles.ts), so the package, and the DynamoDB client
 * package it loads, are required when the first command is made, not as a bundle loads. Nearly
 * every data module imports its commands, so every route loaded both at init, though a route's
 * cheap first answer (401 without a session) reads nothing from the table
 * (`npm run bench -- cold-starts`). Tests and the local server import the package itself.
 *
 * `new GetCommand(input)` makes the package's own command (a constructor that returns an object
 * answers that object), so the client, its middleware and `instanceof` see no difference. A module
 * that imports a name this one does not export fails the bundle, naming it.
 */
import type * as LibDynamoDb from '@aws-sdk/lib-dynamodb';

type Package = typeof LibDynamoDb;

/** Not a literal: the bundler would resolve one to this module (its alias of the package). */
const PACKAGE_NAME = '@aws-sdk/lib-dynamodb';

let libDynamoDb: Package | undefined;

function loadPackage(): Package {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use (above); the runtime provides the package
  libDynamoDb ??= require(PACKAGE_NAME) as Package;
  return libDynamoDb;
}

type CommandName =
  | 'BatchGetCommand'
  | 'BatchWriteCommand'
  | 'DeleteCommand'
  | 'GetCommand'
  | 'PutCommand'
  | 'QueryCommand'
  | 'ScanCommand'
  | 'TransactWriteCommand'
  | 'UpdateCommand';

function commandOnFirstUse<Name extends CommandName>(name: Name): Package[Name] {
  return function makeCommand(input: unknown) {
    const Command = loadPackage()[name] as unknown as new (input: unknown) => object;
    return new Command(input);
  } as unknown as Package[Name];
}

export const BatchGetCommand = commandOnFirstUse('BatchGetCommand');
export const BatchWriteCommand = commandOnFirstUse('BatchWriteCommand');
export const DeleteCommand = commandOnFirstUse('DeleteCommand');
export const GetCommand = commandOnFirstUse('GetCommand');
export const PutCommand = commandOnFirstUse('PutCommand');
export const QueryCommand = commandOnFirstUse('QueryCommand');
export const ScanCommand = commandOnFirstUse('ScanCommand');
export const TransactWriteCommand = commandOnFirstUse('TransactWriteCommand');
export const UpdateCommand = commandOnFirstUse('UpdateCommand');

/** platform/aws-clients.ts makes the document client with `from` only. */
export const DynamoDBDocumentClient = {
  from: (...args: Parameters<Package['DynamoDBDocumentClient']['from']>) =>
    loadPackage().DynamoDBDocumentClient.from(...args),
} as Package['DynamoDBDocumentClient'];
