import { workspaceNameTakenMessage } from '@expiry-radar/shared/api/workspace-api-schemas';
import { WorkspaceChangedError, WorkspaceNameTakenError } from '../../data/workspace-store';
import { AppError } from '../../platform/app-error';

/**
 * A workspace write's name refusals as the API answers them: 409 CONFLICT naming the owner's
 * workspace that has the name, also at the `name` field (the form shows it there); 409 CONFLICT
 * when the workspace changed while it was renamed.
 */
export async function withWorkspaceNameErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof WorkspaceNameTakenError) {
      const message = workspaceNameTakenMessage(error.takenName);
      throw new AppError('CONFLICT', message, [{ path: 'name', message }]);
    }
    if (error instanceof WorkspaceChangedError) {
      throw new AppError('CONFLICT', 'This workspace changed meanwhile. Reload and try again.');
    }
    throw error;
  }
}
