/**
 * cdk-nag names a finding by the resource as the template spells it: `<AWS::Region>` in an
 * environment-agnostic stack, the region itself in a stack deployed to a given region (as with
 * WAF on). Acknowledgements build their ids with these, so they match either way.
 */
import { Token, type Stack } from 'aws-cdk-lib';

export function nagRegion(stack: Stack): string {
  return Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
}

export function nagAccount(stack: Stack): string {
  return Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
}
