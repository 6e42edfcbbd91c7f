import { REQUEST_TIMEOUT_MS } from '@expiry-radar/shared/constants/timing';
import { TOKEN_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { routeUrl } from '../../lib/route-url';
import { ApiReference } from './components/api-reference';
import { Bullets, Code, CodeBlock, DocsArticle, DocsSection, P } from './components/docs-article';

/** /docs/api. */
export function DocsApiPage() {
  return (
    <DocsArticle
      title="API"
      lead="Everything the app does goes through a JSON API on the same origin, so you can script it: list tokens, create and renew them, read the alert queue or export the audit log."
    >
      <DocsSection title="The OpenAPI description">
        <P>
          Every call is described in OpenAPI 3.1 at <Code>GET /api/openapi.json</Code>, built from
          the same route table the server runs: generate a typed client from it (for example with
          openapi-typescript and openapi-fetch) or browse the reference below.
        </P>
      </DocsSection>
      <DocsSection title="Authentication and CSRF">
        <P>
          The API uses the session cookie set by <Code>POST /auth/login</Code>. Every POST, PUT,
          PATCH and DELETE must also carry a CSRF token: fetch one with{' '}
          <Code>GET /api/csrf-token</Code> and send it as the <Code>X-CSRF-Token</Code> header. A
          missing or stale token is answered with 403 and the code <Code>EBADCSRFTOKEN</Code>; fetch
          a new one and retry.
        </P>
        <CodeBlock>{`curl -c jar -b jar https://your-host/api/csrf-token
# {"csrfToken":"..."}
curl -c jar -b jar -H 'Content-Type: application/json' -H 'X-CSRF-Token: ...' \\
  -d '{"email":"you@example.com","password":"..."}' https://your-host/auth/login`}</CodeBlock>
      </DocsSection>
      <DocsSection title="API keys">
        <P>
          Scripts can use a personal API key instead of a session: create one in Account settings
          under API keys (one workspace or all of yours, read-only or read and write, an expiry up
          to a year ahead) and send it as <Code>Authorization: Bearer er_…</Code>. A key needs no
          CSRF token, works only on the token, workspace and audit calls the reference marks with
          the bearer scheme, makes at most 120 requests a minute, and answers 401 once revoked or
          expired.
        </P>
        <CodeBlock>{`curl -H 'Authorization: Bearer er_...' 'https://your-host/api/tokens?workspace_id=...'`}</CodeBlock>
      </DocsSection>
      <DocsSection title="Main endpoints">
        <Bullets
          items={[
            <>
              <Code>GET /api/session</Code>: who is signed in.
            </>,
            <>
              <Code>GET /api/tokens</Code>: a page of tokens with counts per category and section;
              parameters <Code>workspace_id</Code>, <Code>category[]</Code>, <Code>q</Code>,{' '}
              <Code>section</Code>, <Code>sort</Code> (<Code>expiration_asc</Code>,{' '}
              <Code>expiration_desc</Code>, <Code>name_asc</Code>, <Code>name_desc</Code>),{' '}
              <Code>limit</Code> (up to {TOKEN_PAGE_SIZE}) and <Code>offset</Code>.
            </>,
            <>
              <Code>POST /api/tokens</Code>, <Code>PUT /api/tokens/&#123;id&#125;</Code>,{' '}
              <Code>DELETE /api/tokens/&#123;id&#125;</Code>: create, edit or renew, delete.
            </>,
            <>
              <Code>GET /api/v1/workspaces</Code> and its members and alert settings under{' '}
              <Code>/api/v1/workspaces/&#123;id&#125;</Code>.
            </>,
            <>
              <Code>GET /api/alert-queue</Code>, <Code>POST /api/alert-queue/requeue</Code>,{' '}
              <Code>POST /api/alert-queue/&#123;id&#125;/retry</Code>: alert deliveries.
            </>,
            <>
              <Code>GET /api/audit-events</Code> and <Code>GET /api/account/export-audit</Code>.
            </>,
          ]}
        />
        <CodeBlock>{`POST /api/tokens
{
  "workspace_id": "…",
  "name": "api.example.com",
  "category": "cert",
  "type": "tls_cert",
  "expiresAt": "2027-03-01",
  "domains": ["api.example.com"],
  "issuer": "Let's Encrypt"
}`}</CodeBlock>
      </DocsSection>
      <DocsSection title="Calendar feed">
        <P>
          Each workspace has an iCalendar feed with one all-day event per token expiry and reminders
          at the workspace&apos;s alert thresholds:{' '}
          <Code>GET /api/v1/workspaces/&#123;id&#125;/calendar.ics?key=…</Code>. Members get its URL
          from <Code>GET /api/v1/workspaces/&#123;id&#125;/calendar-feed</Code> (or &quot;Subscribe
          in calendar&quot; on the Workspaces page); admins and workspace managers replace its key
          with <Code>POST …/calendar-feed/rotate</Code>, after which the old URL answers 404.
        </P>
      </DocsSection>
      <DocsSection title="Errors">
        <P>
          Errors are JSON:{' '}
          <Code>{'{ "error": "human message", "code": "MACHINE_CODE", "details": [...] }'}</Code>.
          Validation problems are 400 with one entry per field in <Code>details</Code>; 401 means
          the session is missing or expired; 403 a missing permission (or a frozen workspace); 404
          an unknown resource; 409 a conflict or plan limit; 429 too many requests (sign-in,
          password reset, verification and webhook tests are rate limited). The app gives up on a
          request after {REQUEST_TIMEOUT_MS / 1000} seconds; scripts should use a similar timeout.
        </P>
      </DocsSection>
      <DocsSection title="Reference">
        <ApiReference url={routeUrl('getOpenApiDocument')} />
      </DocsSection>
    </DocsArticle>
  );
}
