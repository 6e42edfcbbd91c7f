import type { AlertNotice } from './alert-channels';
import {
  digestSections,
  digestSummary,
  identifyingFields,
  reasonInWords,
  type DigestRow,
} from './alert-digest';

function row(name: string, daysLeft: number, fields: Partial<AlertNotice> = {}): DigestRow {
  return {
    notice: {
      alertId: `${name}-alert`,
      workspaceId: 'ws-1',
      workspaceName: 'Platform',
      tokenId: `ws-1.${name}`,
      tokenName: name,
      category: 'key_secret',
      type: 'api_key',
      expiresAt: '2030-01-08',
      daysLeft,
      threshold: 7,
      renewalUrl: null,
      dashboardUrl: 'https://app.example/dashboard',
      ...fields,
    },
    identifiers: [],
    reason: { kind: 'workspace_owner' },
  };
}

const cert = { category: 'cert', type: 'tls_cert' } as const;

describe('digest summary', () => {
  it('counts each kind, the largest first, up to the furthest expiry', () => {
    expect(
      digestSummary([row('a', 3, cert), row('b', 7, cert), row('c', 1), row('d', 2, cert)]),
    ).toBe('3 certificates and 1 API key expire in the next 7 days');
  });

  it('says one token in the singular, and today and tomorrow in words', () => {
    expect(digestSummary([row('a', 0)])).toBe('1 API key expires today');
    expect(digestSummary([row('a', 1), row('b', 0, { type: 'password' })])).toBe(
      '1 API key and 1 password expire by tomorrow',
    );
  });

  it('counts the certificates seen for watched domains apart from expiries', () => {
    const seen = {
      certificateSeen: 'new certificate for shop.example.com by R3, valid until 2030-01-08',
    };
    expect(digestSummary([row('a', 30, seen), row('b', 40, seen), row('c', 1)])).toBe(
      '2 new certificates were seen for your domains; 1 API key expires by tomorrow',
    );
  });

  it('names expired tokens first', () => {
    expect(
      digestSummary([
        row('a', -2, { type: 'ssh_key' }),
        row('b', 14, { category: 'license', type: 'software_license' }),
        row('c', 5, { category: 'license', type: 'domain_registration' }),
        row('d', 30, { category: 'general', type: 'document' }),
      ]),
    ).toBe(
      '1 SSH key has expired; 1 document, 1 domain registration and 1 license expire in the next 30 days',
    );
    expect(digestSummary([row('a', -1), row('b', -3)])).toBe('2 API keys have expired');
  });

  it('says an endpoint problem is one, not an expiry', () => {
    const problem = {
      ...cert,
      endpointProblem: 'api.example.com:443: the certificate chain is not trusted',
    } as const;
    expect(digestSummary([row('a', 45, problem)])).toBe('1 certificate has an endpoint problem');
    expect(digestSummary([row('a', 45, problem), row('b', 60, problem), row('c', 3)])).toBe(
      '2 certificates have endpoint problems; 1 API key expires in the next 3 days',
    );
  });

  it('counts tokens overdue for renewal apart from the expiries', () => {
    const overdue = { ...cert, renewalOverdue: true } as const;
    expect(digestSummary([row('a', 13, overdue), row('b', 7)])).toBe(
      '1 certificate is overdue for renewal; 1 API key expires in the next 7 days',
    );
  });
});

describe('digest sections', () => {
  it('groups rows by workspace, most urgent first, workspaces by their most urgent row', () => {
    const other = { workspaceId: 'ws-2', workspaceName: 'Payments' };
    const sections = digestSections([
      row('late', 14),
      row('soon', 2),
      row('b-tie', 5, other),
      row('a-tie', 5, other),
      row('first', 1, other),
    ]);
    expect(
      sections.map((section) => [
        section.workspaceName,
        section.rows.map((entry) => entry.notice.tokenName),
      ]),
    ).toEqual([
      ['Payments', ['first', 'a-tie', 'b-tie']],
      ['Platform', ['soon', 'late']],
    ]);
  });
});

describe('identifying fields', () => {
  const token = {
    domains: [] as string[],
    issuer: null,
    location: null,
    used_by: null,
    vendor: null,
  };

  it('names domains and issuer of certificates, vendor of licenses, else location and users', () => {
    expect(
      identifyingFields({
        ...token,
        category: 'cert',
        domains: ['a.example.com', 'b.example.com'],
        issuer: "Let's Encrypt",
      }),
    ).toEqual([
      { label: 'Domains', value: 'a.example.com, b.example.com' },
      { label: 'Issuer', value: "Let's Encrypt" },
    ]);
    expect(identifyingFields({ ...token, category: 'license', vendor: 'Acme' })).toEqual([
      { label: 'Vendor', value: 'Acme' },
    ]);
    expect(
      identifyingFields({ ...token, category: 'key_secret', location: 'Vault', used_by: ' ' }),
    ).toEqual([{ label: 'Location', value: 'Vault' }]);
    expect(identifyingFields({ ...token, category: 'general' })).toEqual([]);
  });
});

describe('why an address gets a digest', () => {
  it('names the contact group, the owner fallback, or the escalation and its delay', () => {
    expect(reasonInWords({ kind: 'contact_group', groupName: 'Ops' }, 'Platform')).toBe(
      'You are in the contact group Ops of Platform.',
    );
    expect(reasonInWords({ kind: 'workspace_owner' }, 'Platform')).toBe(
      'No contact group is set for these tokens in Platform, so they go to the workspace owner (you).',
    );
    expect(
      reasonInWords(
        { kind: 'escalation', groupName: 'Leads', fromGroupName: 'Ops', delayHours: 1 },
        'Platform',
      ),
    ).toBe(
      'Escalated: you are in the contact group Leads of Platform, which gets the alerts of Ops once more when a token is still not renewed 1 hour after its last alert.',
    );
    expect(
      reasonInWords(
        { kind: 'escalation', groupName: null, fromGroupName: null, delayHours: null },
        'Platform',
      ),
    ).toBe('Escalated: these tokens of Platform are still not renewed after their last alert.');
  });
});
