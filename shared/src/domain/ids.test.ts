import { ID_MAX_LENGTH, WORKSPACE_ID_TOO_LONG, workspaceIdSchema } from './ids';

describe('workspace ids in requests', () => {
  it('are trimmed and at most 200 characters', () => {
    expect(ID_MAX_LENGTH).toBe(200);
    expect(workspaceIdSchema().parse(` ${'w'.repeat(200)} `)).toBe('w'.repeat(200));
    const tooLong = workspaceIdSchema().safeParse('w'.repeat(201));
    expect(tooLong.error?.issues[0]?.message).toBe('Workspace id must be 200 characters or less');
    expect(WORKSPACE_ID_TOO_LONG).toBe('Workspace id must be 200 characters or less');
  });

  it('are required, with the message of the field', () => {
    expect(workspaceIdSchema().safeParse('  ').error?.issues[0]?.message).toBe(
      'Workspace is required',
    );
    expect(
      workspaceIdSchema('Source workspace is required').safeParse(undefined).error?.issues[0]
        ?.message,
    ).toBe('Source workspace is required');
  });
});
