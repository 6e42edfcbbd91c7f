import type { PermissionReport } from './permission-check';
import { grantName, judgeUnusedGrants } from './unused-grants';

const TABLE = 'arn:aws:dynamodb:us-east-1:000000000000:table/ExpiryRadarData-Table-ABC';
const QUEUE = 'arn:aws:sqs:us-east-1:000000000000:ExpiryRadarData-AlertQueue-XYZ';
const resourceNames = { 'ExpiryRadarData-AlertQueue-XYZ': 'Data/AlertQueue' };

function report(granted: string[][], unused: string[][]): PermissionReport {
  const grant = ([action = '', resource = '']: string[]) => ({ action, resource });
  return {
    requirements: [],
    denied: [],
    grants: granted.map(grant),
    unusedActions: [],
    unusedGrants: unused.map(grant),
  };
}

const happy = { happy: 1, refusal: 1, external: 0, setup: 0 };

describe('grants no scenario used', () => {
  it('names table, index and other grants by what they are', () => {
    expect(grantName({ action: 'dynamodb:GetItem', resource: TABLE }, resourceNames)).toBe(
      'dynamodb:GetItem',
    );
    expect(
      grantName({ action: 'dynamodb:Query', resource: `${TABLE}/index/gsi1` }, resourceNames),
    ).toBe('dynamodb:Query index/gsi1');
    expect(grantName({ action: 'sqs:SendMessage', resource: QUEUE }, resourceNames)).toBe(
      'sqs:SendMessage Data/AlertQueue',
    );
    const secret =
      'arn:aws:secretsmanager:us-east-1:000000000000:secret:TwoFactorKey0D7AB021-WCLFWY2TIP6M-9OBQN2';
    expect(grantName({ action: 'secretsmanager:GetSecretValue', resource: secret }, {})).toBe(
      'secretsmanager:GetSecretValue secret:TwoFactorKey',
    );
  });

  it('fails an unused grant unless the list names its path, and fails a stale entry', () => {
    const permissions = report(
      [
        ['dynamodb:GetItem', TABLE],
        ['dynamodb:DeleteItem', TABLE],
        ['sqs:SendMessage', QUEUE],
      ],
      [
        ['dynamodb:DeleteItem', TABLE],
        ['sqs:SendMessage', QUEUE],
      ],
    );
    const list = {
      'Api/Thing': {
        'sqs:SendMessage Data/AlertQueue': 'a failed check, alerted at once',
        'dynamodb:GetItem': 'a path no longer unused',
        'dynamodb:PutItem': 'a grant the role no longer has',
      },
    };
    const verdict = judgeUnusedGrants('Api/Thing', permissions, happy, {
      complete: true,
      resourceNames,
      list,
    });
    expect(verdict.excused).toEqual([
      'sqs:SendMessage Data/AlertQueue (a failed check, alerted at once)',
    ]);
    expect(verdict.failures).toEqual([
      expect.stringContaining('allows dynamodb:DeleteItem, which no scenario used'),
      expect.stringContaining('lists dynamodb:GetItem, which a scenario used'),
      expect.stringContaining('lists dynamodb:PutItem, which its role does not grant'),
    ]);
    // Rehearsing some functions only (--only), the list's other entries are not judged.
    const partial = judgeUnusedGrants('Api/Thing', permissions, happy, {
      complete: false,
      resourceNames,
      list,
    });
    expect(partial.failures).toHaveLength(1);
  });

  it('lists, without failing, the grants of a function whose service is outside the rehearsal', () => {
    const permissions = report([['dynamodb:PutItem', TABLE]], [['dynamodb:PutItem', TABLE]]);
    const verdict = judgeUnusedGrants(
      'Api/Google',
      permissions,
      { happy: 0, refusal: 1, external: 1, setup: 0 },
      { complete: true, resourceNames, list: {} },
    );
    expect(verdict.failures).toEqual([]);
    expect(verdict.excused).toEqual(['dynamodb:PutItem (behind a service outside the rehearsal)']);
  });
});
