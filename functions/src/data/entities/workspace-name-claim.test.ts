import fc from 'fast-check';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import { gsi1, keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { workspaceNameClaimCodec, type WorkspaceNameClaimRecord } from './workspace-name-claim';

const claimArbitrary: fc.Arbitrary<WorkspaceNameClaimRecord> = fc.record({
  ownerId: fc.uuid(),
  name: fc.string({ minLength: 1, maxLength: 100 }),
  workspaceId: fc.uuid(),
});

const claim: WorkspaceNameClaimRecord = {
  ownerId: 'u-1',
  name: 'Client Acme',
  workspaceId: 'ws-1',
};

describe('workspace name claim codec', () => {
  it('reads back every claim it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(workspaceNameClaimCodec, claimArbitrary);
  });

  it('keys the claim by the name without regard to case, keeping the name as written', () => {
    const item = workspaceNameClaimCodec.toItem(claim);
    expect(item).toEqual({
      ...keys.workspaceName('u-1', 'client acme'),
      ...gsi1.workspaceName('u-1', 'client acme'),
      ownerId: 'u-1',
      workspaceId: 'ws-1',
      name: 'Client Acme',
    });
    expect(workspaceNameClaimCodec.keyOf({ ...claim, name: ' CLIENT  Acme ' })).toEqual(
      keys.workspaceName('u-1', 'client acme'),
    );
  });

  it('refuses a claim that names no workspace', () => {
    const { workspaceId: _workspaceId, ...item } = workspaceNameClaimCodec.toItem(claim);
    expect(() => workspaceNameClaimCodec.fromItem(item)).toThrow(MalformedItemError);
  });
});
