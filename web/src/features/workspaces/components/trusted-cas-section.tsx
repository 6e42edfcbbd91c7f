import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { TrustedCa } from '@expiry-radar/shared/api/trusted-ca-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateText } from '../../../components/date-text';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { RecordCard, RecordCardList } from '../../../components/record-cards';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../session';
import {
  useAddTrustedCaMutation,
  useRemoveTrustedCaMutation,
  useTrustedCas,
} from '../api/trusted-certificate-authorities';
import { shortFingerprint } from '../trusted-ca-display';
import { canChangeTrustedCas } from '../workspace-permissions';
import { AddTrustedCaDialog } from './add-trusted-ca-dialog';
import { isBlockedByTwoFactor } from './two-factor-requirement';

export const TRUSTED_CAS_HELP =
  'Endpoint checks and “Check now” trust these CA certificates beside the public roots, so an endpoint served by your own PKI is judged trusted and its renewals are followed.';
export const TRUSTED_CAS_ADMIN_NOTE =
  'Only workspace admins add or remove certificate authorities.';
export const NO_TRUSTED_CAS =
  'No certificate authority of your own yet: endpoints must chain to a public root.';

function TrustedCaCard({
  ca,
  onRemove,
}: {
  ca: TrustedCa;
  /** Absent: the caller may not remove it. */
  onRemove?: () => void;
}) {
  return (
    <RecordCard
      title={ca.subject}
      details={[
        ['Expires', <DateText key="expires" value={ca.not_after} kind="day" />],
        [
          'SHA-256',
          <Typography
            key="fingerprint"
            component="span"
            variant="body2"
            title={ca.fingerprint_sha256}
            sx={{ fontFamily: 'monospace' }}
          >
            {shortFingerprint(ca.fingerprint_sha256)}
          </Typography>,
        ],
        ['Added by', ca.added_by.email ?? 'Deleted user'],
      ]}
      actions={
        onRemove && (
          <Button
            size="small"
            color="error"
            onClick={onRemove}
            aria-label={`Remove certificate authority ${ca.subject}`}
          >
            Remove
          </Button>
        )
      }
    />
  );
}

/**
 * "Trusted certificate authorities" of the open workspace: every member sees the CA certificates
 * its endpoint checks trust; admins add one (paste or file) and remove one after a confirmation.
 */
export function TrustedCasSection({ workspace }: { workspace: Workspace }) {
  const { user } = useSession();
  const blocked = isBlockedByTwoFactor(workspace, user?.twoFactorEnabled === true);
  const cas = useTrustedCas(workspace.id, { enabled: !blocked });
  const addCa = useAddTrustedCaMutation(workspace.id);
  const removeCa = useRemoveTrustedCaMutation(workspace.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TrustedCa | null>(null);
  if (blocked) return null;

  const canChange = canChangeTrustedCas(workspace);
  const items = cas.data?.items ?? [];
  const atLimit = cas.data !== undefined && items.length >= cas.data.limit;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="trusted-cas-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Typography id="trusted-cas-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
            Trusted certificate authorities
          </Typography>
          {canChange && (
            <Button
              variant="outlined"
              startIcon={<AddOutlined />}
              disabled={!cas.data || atLimit}
              onClick={() => setAdding(true)}
              sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
            >
              Add certificate authority
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {TRUSTED_CAS_HELP}
          {cas.data && ` A workspace trusts at most ${cas.data.limit}.`}
        </Typography>
        {!canChange && !workspace.is_frozen && (
          <Alert severity="info">{TRUSTED_CAS_ADMIN_NOTE}</Alert>
        )}
        {cas.isPending ? (
          <Spinner minHeight={96} />
        ) : cas.isError ? (
          <LoadErrorAlert onRetry={cas.refetch}>
            The trusted certificate authorities could not be loaded.
          </LoadErrorAlert>
        ) : items.length === 0 ? (
          <Typography color="textSecondary">{NO_TRUSTED_CAS}</Typography>
        ) : (
          <RecordCardList aria-labelledby="trusted-cas-title">
            {items.map((ca) => (
              <TrustedCaCard
                key={ca.id}
                ca={ca}
                onRemove={canChange ? () => setRemoving(ca) : undefined}
              />
            ))}
          </RecordCardList>
        )}
      </Stack>
      {adding && (
        <AddTrustedCaDialog
          onClose={() => setAdding(false)}
          onAdd={async (pem) => {
            await addCa.mutateAsync(pem);
            setAdding(false);
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          id="remove-trusted-ca"
          title="Stop trusting this certificate authority?"
          confirmLabel="Remove"
          busyLabel="Removing…"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await removeCa.mutateAsync(removing);
            setRemoving(null);
          }}
        >
          <Typography id="remove-trusted-ca-description" sx={{ overflowWrap: 'anywhere' }}>
            Endpoints whose certificates {removing.subject} issued are found untrusted from their
            next check, and alerted as such.
          </Typography>
        </ConfirmDialog>
      )}
    </Paper>
  );
}
