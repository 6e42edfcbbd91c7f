import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { CATEGORY_LIST } from '@expiry-radar/shared/domain/categories';
import {
  CRITICAL_DAYS,
  LONG_TERM_DAYS,
  WARNING_DAYS,
} from '@expiry-radar/shared/domain/expiry-status';
import { TOKEN_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { TRUSTED_CAS_PER_WORKSPACE } from '@expiry-radar/shared/domain/trusted-certificate-authorities';
import { Bullets, Code, DocsArticle, DocsSection, P } from './components/docs-article';

/** /docs/tokens. */
export function DocsTokensPage() {
  return (
    <DocsArticle
      title="Tokens"
      lead="A token is anything with an expiry date: a certificate, a key or secret, a license, or anything else. Tokens live in a workspace and are grouped by category on the dashboard."
    >
      <DocsSection title="Categories and types">
        {/* Field names such as serial_number break anywhere: the table fits a phone. */}
        <Box sx={{ overflowX: 'auto', mb: 2, '& td': { overflowWrap: 'anywhere' } }}>
          <Table size="small" aria-label="Categories and their types">
            <TableHead>
              <TableRow>
                <TableCell>Category</TableCell>
                <TableCell>Types</TableCell>
                <TableCell>Extra fields</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {CATEGORY_LIST.map((category) => (
                <TableRow key={category.value}>
                  <TableCell>{category.label}</TableCell>
                  <TableCell>{category.types.map((t) => t.label).join(', ')}</TableCell>
                  <TableCell>{category.fields.join(', ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <P>
          Name (up to 100 characters), type and a future expiry date are required. The type and
          category of a token cannot be changed later; create a new token instead. Algorithm and key
          size apply only to certificates, encryption keys and SSH keys.
        </P>
        <P>
          Do not paste secret values into any field. Record where the secret lives (
          <Code>location</Code>) and who uses it (<Code>used_by</Code>) instead.
        </P>
      </DocsSection>
      <DocsSection title="Expiry status">
        <Bullets
          items={[
            'Expired: the date has passed.',
            `Under ${CRITICAL_DAYS} days: critical, renew now.`,
            `Under ${WARNING_DAYS} days: plan the renewal.`,
            `${WARNING_DAYS} to ${LONG_TERM_DAYS - 1} days: fine for now.`,
            `Long-term: ${LONG_TERM_DAYS} days or more.`,
          ]}
        />
      </DocsSection>
      <DocsSection title="Finding tokens">
        <P>
          Filter by category with the chips at the top (click again to clear), and by section:
          sections are free-text groups such as a team or an environment. Each category card has its
          own search box and loads {TOKEN_PAGE_SIZE} tokens at a time. Click a column header to sort
          by it; click again to reverse.
        </P>
      </DocsSection>
      <DocsSection title="Certificate endpoints and private certificate authorities">
        <P>
          A certificate can list the TLS endpoints that serve it (
          <Code>host[:port] [SNI name]</Code>, one per line). Each is checked every 6 hours: a
          renewed certificate is followed, and an expired certificate, another name, a chain that
          does not lead to a trusted certificate authority, or an unreachable endpoint raises an
          alert. &quot;Check now&quot; in the certificate form shows what a check would say.
        </P>
        <P>
          Endpoints of an internal PKI chain to a certificate authority of your own. Admins add its
          CA certificate on the Workspaces page, under &quot;Trusted certificate authorities&quot;
          (paste the PEM or choose a .pem, .crt or .cer file; at most {TRUSTED_CAS_PER_WORKSPACE}{' '}
          per workspace): the workspace&apos;s checks then trust it beside the public roots, and
          every member sees the list. Removing one counts from the next check, which finds the
          chains it issued untrusted again.
        </P>
      </DocsSection>
      <DocsSection title="Domain registrations">
        <P>
          A Domain Registration token can follow its domain: give the registered domain (
          <Code>example.com</Code>, <Code>example.co.uk</Code>; a name in another script is fine) in
          &quot;Domain to follow&quot;. Once a day its registry&apos;s RDAP service is asked for the
          expiry, the registrar and the status; a renewal at the registry moves the token&apos;s
          expiry and its alerts start over. Where the registry has no RDAP service, does not answer
          or refuses, the token keeps the date you entered and its details say why. Creating a
          certificate for <Code>shop.example.com</Code> offers to watch <Code>example.com</Code>
          &apos;s registration, and the API or an import (a <Code>Domain</Code> column) adds many
          domains at once.
        </P>
      </DocsSection>
      <DocsSection title="Certificate transparency watch">
        <P>
          Every publicly trusted certificate is logged in certificate transparency logs. On Pro and
          above, a workspace&apos;s admins list the domains it owns under Workspaces → Watched
          domains (with or without their subdomains): every hour the logs are read through Cert
          Spotter for the certificates issued since the last read. A certificate your inventory does
          not hold yet is listed there with &quot;Add to inventory&quot; and emailed to the admins,
          once; a domain set to add automatically makes it a monitored certificate token instead. An
          issuer allow-list per domain (issuer names such as Let&apos;s Encrypt, or CAA domains such
          as <Code>letsencrypt.org</Code>) turns a certificate from any other issuer into an
          &quot;unexpected issuer&quot; alert at once. A Cert Spotter API key is optional and stored
          sealed; it is never shown again.
        </P>
      </DocsSection>
      <DocsSection title="Integrations">
        <P>
          Admins and workspace managers can have tokens found instead of typed in: Integrations in
          the top bar connects GitLab (access and deploy tokens), HashiCorp Vault (PKI certificates
          and KV secrets) or AWS (through a read-only role whose CloudFormation template and CDK
          snippet the page gives, with your workspace&apos;s external id). Credentials are stored
          encrypted and never shown again. A new integration starts disabled and first shows what
          its sync would create; &ldquo;Enable and sync&rdquo; runs it, then it syncs once a day
          (unless its schedule is Manual) and &ldquo;Sync now&rdquo; runs it at any time (the next
          daily sync then comes a day after it).
        </P>
        <Bullets
          items={[
            'Found and new: added to the workspace.',
            'Found with a later expiry: updated, and its alerts start over for the new date.',
            'No longer found: kept, marked “Removed at source” on the dashboard.',
            'Same name and type as a token typed in by hand: never added twice; Link ties the two so later syncs keep that token up to date.',
          ]}
        />
      </DocsSection>
      <DocsSection title="Renewing and deleting">
        <P>
          Renew sets a new expiry date, suggested from the type (for example 365 days for an API key
          or license, 90 days for a password or certificate); you can pick any future date. Alerts
          are scheduled again for the new date. Delete removes a token permanently after a
          confirmation. Viewers can open token details but cannot change anything.
        </P>
      </DocsSection>
    </DocsArticle>
  );
}
