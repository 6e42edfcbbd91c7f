import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetConfigForTests } from '../platform/config';
import {
  startEmulators,
  type EmulatorPorts,
  type RunningEmulators,
} from './emulators/start-emulators';
import { createLocalServer, type WebRuntimeSettings } from './local-server';
import { mountImplementedRoutes } from './mount-routes';

export interface LocalRuntimeOptions {
  readonly appPort: number;
  readonly host: string;
  readonly emulatorPorts: EmulatorPorts;
  readonly tableName: string;
  readonly webDirectory: string;
  readonly runtimeSettings: WebRuntimeSettings;
  /** DynamoDB Local keeps its data here; in memory when absent (tests). */
  readonly dataDirectory?: string;
  readonly onUnexpectedError?: (error: unknown) => void;
}

export interface RunningLocalRuntime {
  readonly appUrl: string;
  readonly emulators: RunningEmulators;
  stop(): Promise<void>;
}

/**
 * The embedded default: the AWS emulators, the table and queues in them, and one HTTP server
 * mounting every implemented route. `npm start` and the black-box tests both start it this way.
 */
export async function startLocalRuntime(
  options: LocalRuntimeOptions,
): Promise<RunningLocalRuntime> {
  const emulators = await startEmulators({
    ports: options.emulatorPorts,
    tableName: options.tableName,
    stage: 'local',
    dataDirectory: options.dataDirectory,
  });
  let server: Server | undefined;
  try {
    Object.assign(process.env, emulators.environment, { APP_ENV: 'local' });
    const routes = await mountImplementedRoutes();
    server = createLocalServer({
      routes,
      webDirectory: options.webDirectory,
      runtimeSettings: options.runtimeSettings,
      onUnexpectedError: options.onUnexpectedError,
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(options.appPort, options.host, () => resolve());
    });
    const { port } = listening.address() as AddressInfo;
    const appUrl = `http://localhost:${port}`;
    process.env.APP_ORIGIN = appUrl;
    resetConfigForTests();
    return {
      appUrl,
      emulators,
      stop: async () => {
        await new Promise<void>((resolve) => {
          listening.closeAllConnections();
          listening.close(() => resolve());
        });
        await emulators.stop();
      },
    };
  } catch (error) {
    server?.close();
    await emulators.stop();
    throw error;
  }
}
