import {
  REDACTED,
  sanitizeEvent,
  sanitizePath,
  sanitizeProperties,
  sanitizeUrl,
} from './analytics-sanitize';

describe('analytics scrubbing', () => {
  it('removes workspace, workspace_id, ws, token, email, user and session_id from URLs', () => {
    expect(
      sanitizeUrl(
        'https://app.example.com/dashboard?workspace=w1&workspace_id=w2&ws=w3&token=t&email=a%40b.c&user=u&session_id=cs_1&section=ops&view=account',
      ),
    ).toBe('https://app.example.com/dashboard?section=ops&view=account');
    expect(sanitizeUrl('/verify-email?email=a%40b.c')).toBe('/verify-email');
    expect(sanitizeUrl('/register?email=a%40b.c&invitation=0f8fad5b')).toBe('/register');
    expect(sanitizeUrl('/reset-password?token=abc#top')).toBe('/reset-password#top');
  });

  it('turns UUID-like and 6+ digit path segments into :id', () => {
    expect(sanitizePath('/api/tokens/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(
      '/api/tokens/:id',
    );
    expect(sanitizePath('/api/tokens/0F8FAD5BD9CB469FA16570867728950E/edit')).toBe(
      '/api/tokens/:id/edit',
    );
    expect(sanitizePath('/workspaces/123456/members/12345')).toBe('/workspaces/:id/members/12345');
    expect(sanitizeUrl('https://x.example/api/v1/workspaces/9876543?ws=1')).toBe(
      'https://x.example/api/v1/workspaces/:id',
    );
    expect(sanitizePath('/docs/api')).toBe('/docs/api');
  });

  it('redacts workspace and workspace_id values and scrubs URL properties', () => {
    expect(
      sanitizeProperties({
        workspace: 'w1',
        workspace_id: 'w2',
        $current_url: 'https://app.example.com/dashboard?workspace=w1&section=a',
        $pathname: '/api/tokens/1234567',
        $referrer: 'https://app.example.com/login?email=a%40b.c',
        nested: { workspace_id: 'w3', url: '/x/0f8fad5b-d9cb-469f-a165-70867728950e' },
        count: 3,
        plain: 'hello',
      }),
    ).toEqual({
      workspace: REDACTED,
      workspace_id: REDACTED,
      $current_url: 'https://app.example.com/dashboard?section=a',
      $pathname: '/api/tokens/:id',
      $referrer: 'https://app.example.com/login',
      nested: { workspace_id: REDACTED, url: '/x/:id' },
      count: 3,
      plain: 'hello',
    });
  });

  it('scrubs whole events, $set included', () => {
    const event = sanitizeEvent({
      uuid: 'u',
      event: '$pageview',
      properties: { $current_url: 'https://a.example/billing?session_id=cs_1' },
      $set: { workspace: 'w1' },
    });
    expect(event).toEqual({
      uuid: 'u',
      event: '$pageview',
      properties: { $current_url: 'https://a.example/billing' },
      $set: { workspace: REDACTED },
    });
  });
});
