import { Fragment, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CtFinding, WatchedDomain } from '@expiry-radar/shared/api/watched-domain-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { displayDomain } from '@expiry-radar/shared/domain/registered-domains';
import { DateText } from '../../../components/date-text';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { RecordCard, RecordCardList } from '../../../components/record-cards';
import { Spinner } from '../../../components/spinner';
import { formRefusal } from '../../../lib/api-client';
import { useSession } from '../../session';
import { useWatchedDomainMutations, useWatchedDomains } from '../api/watched-domains';
import { canAddSeenCertificates, canChangeWatchedDomains } from '../workspace-permissions';
import { isBlockedByTwoFactor } from './two-factor-requirement';

export const WATCHED_DOMAINS_HELP =
  'Every hour, certificate transparency logs (through Cert Spotter) are read for the certificates issued for these domains since the last read. A certificate not in your inventory is listed below and alerted like an expiry (the workspace’s default contact group, else its owner, and its webhooks); one from an issuer outside a domain’s allow-list is an “unexpected issuer” alert, emailed to the admins at once.';
export const WATCHED_DOMAINS_ADMIN_NOTE = 'Only workspace admins change the watched domains.';
export const NO_WATCHED_DOMAINS = 'No domain watched yet.';
export const NO_CERTIFICATES_SEEN = 'No certificate seen yet for the watched domains.';

const STATUS_LABELS: Readonly<Record<CtFinding['status'], string>> = {
  new: 'New',
  added: 'Added to inventory',
  in_inventory: 'Already in inventory',
};

/** "Let's Encrypt, letsencrypt.org" → the allow-list's entries. */
function issuersOf(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function AddWatchedDomainForm({
  onAdd,
}: {
  onAdd: (body: {
    domain: string;
    include_subdomains: boolean;
    auto_add: boolean;
    allowed_issuers: string[];
  }) => Promise<unknown>;
}) {
  const [domain, setDomain] = useState('');
  const [issuers, setIssuers] = useState('');
  const [subdomains, setSubdomains] = useState(true);
  const [autoAdd, setAutoAdd] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await onAdd({
        domain,
        include_subdomains: subdomains,
        auto_add: autoAdd,
        allowed_issuers: issuersOf(issuers),
      });
      setDomain('');
      setIssuers('');
    } catch (error) {
      setProblem(formRefusal(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={(event) => void submit(event)} noValidate>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          label="Domain to watch"
          placeholder="example.com"
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          error={problem !== null}
          helperText={problem ?? 'A registered domain or a name under one; Unicode names are fine.'}
          required
          sx={{ flex: 1 }}
        />
        <TextField
          label="Allowed issuers"
          placeholder="Let's Encrypt, DigiCert"
          value={issuers}
          onChange={(event) => setIssuers(event.target.value)}
          helperText="Issuer or organisation names or CAA domains, separated by commas; empty: any."
          sx={{ flex: 1 }}
        />
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <FormControlLabel
          control={
            <Checkbox
              checked={subdomains}
              onChange={(event) => setSubdomains(event.target.checked)}
            />
          }
          label="Include subdomains"
        />
        <FormControlLabel
          control={
            <Checkbox checked={autoAdd} onChange={(event) => setAutoAdd(event.target.checked)} />
          }
          label="Add new certificates to the inventory automatically"
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ ml: { sm: 'auto' } }}>
          Watch domain
        </Button>
      </Stack>
    </Stack>
  );
}

function ApiKeyForm({
  keySet,
  onSave,
}: {
  keySet: boolean;
  onSave: (apiKey: string | null) => Promise<unknown>;
}) {
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (apiKey: string | null) => {
    setBusy(true);
    setProblem(null);
    try {
      await onSave(apiKey);
      setKey('');
    } catch (error) {
      setProblem(formRefusal(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      onSubmit={(event) => {
        event.preventDefault();
        void save(key);
      }}
      noValidate
    >
      <TextField
        label="Cert Spotter API key"
        type="password"
        autoComplete="off"
        value={key}
        onChange={(event) => setKey(event.target.value)}
        error={problem !== null}
        helperText={
          problem ??
          (keySet
            ? 'A key is stored (sealed; it is never shown again). Saving replaces it.'
            : 'Optional: without one the watch reads Cert Spotter at its free rate.')
        }
        sx={{ flex: 1 }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', pt: 1 }}>
        <Button type="submit" variant="outlined" disabled={busy || key.trim() === ''}>
          Save key
        </Button>
        {keySet && (
          <Button color="error" disabled={busy} onClick={() => void save(null)}>
            Remove key
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** The allow-list of a watched domain, edited in place: names separated by commas. */
function IssuersEditor({
  domain,
  onSave,
  onClose,
}: {
  domain: WatchedDomain;
  onSave: (issuers: string[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const [text, setText] = useState(domain.allowed_issuers.join(', '));
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    try {
      await onSave(issuersOf(text));
      onClose();
    } catch (error) {
      setProblem(formRefusal(error));
    }
  };
  return (
    <Stack spacing={1} sx={{ px: 2, pb: 2 }}>
      <TextField
        size="small"
        label={`Allowed issuers of ${domain.display_domain}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={problem !== null}
        helperText={problem ?? 'Separated by commas; empty: any issuer.'}
      />
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" onClick={() => void save()}>
          Save issuers
        </Button>
        <Button size="small" onClick={onClose}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

function WatchedDomainCard({
  domain,
  onToggleAutoAdd,
  onSaveIssuers,
  onRemove,
}: {
  domain: WatchedDomain;
  /** Absent: the caller may not change it. */
  onToggleAutoAdd?: () => void;
  onSaveIssuers?: (issuers: string[]) => Promise<unknown>;
  onRemove?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <RecordCard
      title={domain.display_domain}
      badge={domain.last_error ? <Chip size="small" color="warning" label="Read failed" /> : null}
      details={[
        ['Subdomains', domain.include_subdomains ? 'Included' : 'Not included'],
        ['New certificates', domain.auto_add ? 'Added to the inventory' : 'Alerted'],
        [
          'Allowed issuers',
          domain.allowed_issuers.length > 0 ? domain.allowed_issuers.join(', ') : 'Any',
        ],
        [
          'Last read',
          domain.last_checked_at ? (
            <DateText key="read" value={domain.last_checked_at} kind="dateTime" />
          ) : (
            'Not read yet'
          ),
        ],
        ...(domain.last_error ? [['Last error', domain.last_error] as const] : []),
      ]}
      children={
        editing &&
        onSaveIssuers && (
          <IssuersEditor domain={domain} onSave={onSaveIssuers} onClose={() => setEditing(false)} />
        )
      }
      actions={
        (onToggleAutoAdd || onRemove) && (
          <>
            {onToggleAutoAdd && (
              <Button size="small" onClick={onToggleAutoAdd}>
                {domain.auto_add ? 'Alert instead of adding' : 'Add automatically'}
              </Button>
            )}
            {onSaveIssuers && !editing && (
              <Button
                size="small"
                onClick={() => setEditing(true)}
                aria-label={`Edit allowed issuers of ${domain.display_domain}`}
              >
                Edit issuers
              </Button>
            )}
            {onRemove && (
              <Button
                size="small"
                color="error"
                onClick={onRemove}
                aria-label={`Stop watching ${domain.display_domain}`}
              >
                Stop watching
              </Button>
            )}
          </>
        )
      }
    />
  );
}

/**
 * Text with domain names that may wrap after a dot or a hyphen ("shop.example.⏎com"), never
 * inside a label: the card's `overflow-wrap: anywhere` is set back to `break-word`, which breaks
 * a word only where it cannot fit on a line of its own.
 */
function BreaksAfterDots({ text }: { text: string }) {
  const parts = text.split(/(?<=[.-])/);
  return (
    <Box component="span" sx={{ overflowWrap: 'break-word' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Box>
  );
}

/**
 * The finding's message starting a title or a sentence: "New certificate for …" (alerts use it
 * mid-sentence).
 */
function titleOf(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

function SeenCertificateCard({
  finding,
  onAdd,
  busy,
}: {
  finding: CtFinding;
  onAdd?: () => void;
  busy: boolean;
}) {
  return (
    <RecordCard
      title={<BreaksAfterDots text={titleOf(finding.message)} />}
      badge={
        finding.unexpected_issuer ? (
          <Chip size="small" color="error" label="Unexpected issuer" />
        ) : (
          <Chip size="small" label={STATUS_LABELS[finding.status]} />
        )
      }
      details={[
        ['Watched domain', displayDomain(finding.domain)],
        [
          'Names',
          <BreaksAfterDots key="names" text={finding.dns_names.map(displayDomain).join(', ')} />,
        ],
        ['Issuer', finding.issuer],
        ['Expires', <DateText key="expires" value={finding.not_after} kind="day" />],
        ['Status', STATUS_LABELS[finding.status]],
      ]}
      actions={
        onAdd &&
        finding.status === 'new' && (
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={onAdd}
            aria-label={`Add to inventory: ${titleOf(finding.message)}`}
          >
            Add to inventory
          </Button>
        )
      }
    />
  );
}

/**
 * "Watched domains" of the open workspace (the certificate transparency watch): every member sees
 * the domains, their last read and the certificates seen; admins add, change and remove domains
 * and store the optional Cert Spotter API key; admins and workspace managers add a certificate
 * seen to the inventory.
 */
export function WatchedDomainsSection({ workspace }: { workspace: Workspace }) {
  const { user } = useSession();
  const blocked = isBlockedByTwoFactor(workspace, user?.twoFactorEnabled === true);
  const watch = useWatchedDomains(workspace.id, { enabled: !blocked });
  const mutations = useWatchedDomainMutations(workspace.id);
  if (blocked) return null;

  const canChange = canChangeWatchedDomains(workspace);
  const canAdd = canAddSeenCertificates(workspace);
  const data = watch.data;
  const limit = data?.limit;
  const included = limit !== 0;
  const atLimit =
    data !== undefined && limit !== null && limit !== undefined && data.items.length >= limit;

  return (
    <Paper
      variant="outlined"
      component="section"
      id="watched-domains"
      aria-labelledby="watched-domains-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <Typography id="watched-domains-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
          Watched domains
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {WATCHED_DOMAINS_HELP}
          {data &&
            (limit === null
              ? ` Your plan watches any number of domains.`
              : included
                ? ` Your plan watches up to ${limit} domains (${data.items.length} watched).`
                : '')}
        </Typography>
        {watch.isPending ? (
          <Spinner minHeight={96} />
        ) : watch.isError || !data ? (
          <LoadErrorAlert onRetry={watch.refetch}>
            The watched domains could not be loaded.
          </LoadErrorAlert>
        ) : (
          <>
            {!included && (
              <Alert severity="info">
                Your plan does not include the certificate transparency watch: upgrade to Pro to
                watch your domains.
              </Alert>
            )}
            {included && !canChange && !workspace.is_frozen && (
              <Alert severity="info">{WATCHED_DOMAINS_ADMIN_NOTE}</Alert>
            )}
            {included && canChange && !atLimit && (
              <AddWatchedDomainForm onAdd={(body) => mutations.add.mutateAsync(body)} />
            )}
            {data.items.length === 0 ? (
              included && <Typography color="textSecondary">{NO_WATCHED_DOMAINS}</Typography>
            ) : (
              <RecordCardList aria-label="Watched domains list">
                {data.items.map((domain) => (
                  <WatchedDomainCard
                    key={domain.domain}
                    domain={domain}
                    onToggleAutoAdd={
                      canChange
                        ? () =>
                            mutations.update.mutate({
                              domain,
                              body: { auto_add: !domain.auto_add },
                            })
                        : undefined
                    }
                    onSaveIssuers={
                      canChange
                        ? (issuers) =>
                            mutations.update.mutateAsync({
                              domain,
                              body: { allowed_issuers: issuers },
                            })
                        : undefined
                    }
                    onRemove={canChange ? () => mutations.remove.mutate(domain) : undefined}
                  />
                ))}
              </RecordCardList>
            )}
            {included && canChange && (
              <ApiKeyForm
                keySet={data.api_key_set}
                onSave={(apiKey) => mutations.setKey.mutateAsync(apiKey)}
              />
            )}
            {included && !canChange && data.api_key_set && (
              <Typography variant="body2" color="textSecondary">
                A Cert Spotter API key is stored for this workspace.
              </Typography>
            )}
            <Typography id="seen-certificates-title" variant="h3" sx={{ fontSize: '1.05rem' }}>
              Certificates seen
            </Typography>
            {data.certificates.length === 0 ? (
              <Typography color="textSecondary">{NO_CERTIFICATES_SEEN}</Typography>
            ) : (
              <RecordCardList aria-labelledby="seen-certificates-title">
                {data.certificates.map((finding) => (
                  <SeenCertificateCard
                    key={finding.id}
                    finding={finding}
                    busy={
                      mutations.addToInventory.isPending &&
                      mutations.addToInventory.variables === finding.id
                    }
                    onAdd={canAdd ? () => mutations.addToInventory.mutate(finding.id) : undefined}
                  />
                ))}
              </RecordCardList>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
