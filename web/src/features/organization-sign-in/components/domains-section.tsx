import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { organizationDomainSchema } from '@expiry-radar/shared/api/organization-sign-in-api-schemas';
import { formRefusal } from '../../../lib/api-client';
import { useOrganizationSignInMutations } from '../api/organization-sign-in';

type OrganizationDomain = z.infer<typeof organizationDomainSchema>;

export const DOMAINS_HELP =
  'Add the email domains your people sign in with. Publish the TXT record shown at your DNS provider, then verify: only a verified domain is sent to single sign-on.';

function DomainRow({ domain }: { domain: OrganizationDomain }) {
  const { verifyDomain, removeDomain } = useOrganizationSignInMutations();
  const [failure, setFailure] = useState<string | null>(null);
  const verified = domain.status === 'verified';
  const verify = () => {
    setFailure(null);
    verifyDomain.mutate(domain.domain, { onError: (error) => setFailure(formRefusal(error)) });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={domain.domain} component="section">
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{domain.domain}</Typography>
          <Chip
            size="small"
            label={verified ? 'Verified' : 'Not verified yet'}
            color={verified ? 'success' : 'default'}
          />
        </Stack>
        {!verified && (
          <>
            <Typography variant="body2">
              Add a TXT record named <code>{domain.record_name}</code> with the value:
            </Typography>
            <TextField
              value={domain.record_value}
              label="TXT record value"
              size="small"
              slotProps={{ input: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
            />
          </>
        )}
        {failure && <Alert severity="error">{failure}</Alert>}
        <Stack direction="row" spacing={1}>
          {!verified && (
            <Button variant="contained" onClick={verify} disabled={verifyDomain.isPending}>
              {verifyDomain.isPending ? 'Checking DNS…' : 'Verify'}
            </Button>
          )}
          <Button
            color="error"
            onClick={() => removeDomain.mutate(domain.domain)}
            disabled={removeDomain.isPending}
          >
            Remove
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The organization's email domains: add one, publish its TXT record, verify it. */
export function DomainsSection({ domains }: { domains: readonly OrganizationDomain[] }) {
  const { addDomain } = useOrganizationSignInMutations();
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    addDomain.mutate(value, {
      onSuccess: () => setValue(''),
      onError: (error) => setFailure(formRefusal(error)),
    });
  };
  return (
    <Stack spacing={2} component="section" aria-labelledby="verified-domains-heading">
      <Typography variant="h6" component="h2" id="verified-domains-heading">
        Verified domains
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {DOMAINS_HELP}
      </Typography>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        onSubmit={submit}
        noValidate
        sx={{ alignItems: 'flex-start' }}
      >
        <TextField
          label="Email domain"
          placeholder="example.com"
          size="small"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={Boolean(failure)}
          helperText={failure ?? ' '}
        />
        <Button type="submit" variant="outlined" disabled={addDomain.isPending || !value.trim()}>
          Add domain
        </Button>
      </Stack>
      {domains.map((domain) => (
        <DomainRow key={domain.domain} domain={domain} />
      ))}
    </Stack>
  );
}
