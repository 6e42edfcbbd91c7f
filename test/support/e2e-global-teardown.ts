import { stopSharedEmulators } from '../../functions/test-support/shared-emulators';
import { stopSharedServices } from './shared-app';

/** The app first (it uses the emulators), then the emulators if no other project still will. */
export default async function e2eGlobalTeardown(): Promise<void> {
  await stopSharedServices();
  await stopSharedEmulators();
}
