import { stopSharedEmulators } from './shared-emulators';

export default async function globalTeardown(): Promise<void> {
  await stopSharedEmulators();
}
