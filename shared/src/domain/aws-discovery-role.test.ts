import { AWS_DISCOVERY_ACTIONS, awsDiscoveryRoleCdkSnippet } from './aws-discovery-role';

describe('awsDiscoveryRoleCdkSnippet', () => {
  it('indents the policy actions inside their list, as the snippet is pasted into a stack', () => {
    const lines = awsDiscoveryRoleCdkSnippet({
      externalId: 'expiry-radar-ws',
      trustedAccountId: null,
    }).split('\n');
    const opening = lines.findIndex((line) => line.trimStart() === 'actions: [');
    const indent = (line: string) => line.length - line.trimStart().length;
    const items = lines.slice(opening + 1, opening + 1 + AWS_DISCOVERY_ACTIONS.length);
    expect(items.map((line) => line.trim())).toEqual(
      AWS_DISCOVERY_ACTIONS.map((action) => `'${action}',`),
    );
    for (const item of items) expect(indent(item)).toBe(indent(lines[opening]!) + 2);
    expect(lines[opening + 1 + AWS_DISCOVERY_ACTIONS.length]!.trim()).toBe('],');
    expect(indent(lines[opening + 1 + AWS_DISCOVERY_ACTIONS.length]!)).toBe(
      indent(lines[opening]!),
    );
  });
});
