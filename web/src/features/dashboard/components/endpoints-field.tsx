import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { UseFormReturn } from 'react-hook-form';
import { displayDomainList } from '@expiry-radar/shared/domain/domain-names';
import { readEndpointsText } from '@expiry-radar/shared/domain/endpoints';
import type { EndpointProbeResponse } from '@expiry-radar/shared/api/endpoint-api-schemas';
import { useProbeEndpointMutation } from '../../tokens';
import type { TokenFormValues } from '../token-form-values';
import { FormTextField } from './form-text-field';

interface EndpointsFieldProps {
  // The resolver's output type differs between the create and the edit form.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<TokenFormValues, unknown, any>;
  workspaceId: string;
  idPrefix: string;
  mode: 'create' | 'edit';
  /** After "Check now" filled the fields (the create form keeps the date it got). */
  onFilled?: () => void;
}

/**
 * A certificate's TLS endpoints (one per line, `host[:port] [SNI name]`), checked on a schedule,
 * and "Check now": connects to the first one and fills the fields from the certificate it serves,
 * as filling from PEM text does (the create form keeps a name and domains already typed, the edit
 * form the token's name).
 */
export function EndpointsField({
  form,
  workspaceId,
  idPrefix,
  mode,
  onFilled,
}: EndpointsFieldProps) {
  const probe = useProbeEndpointMutation(workspaceId);
  const [note, setNote] = useState<{ severity: 'info' | 'warning'; text: string } | null>(null);
  const { setValue, getValues, setError, clearErrors } = form;

  const fill = (answer: EndpointProbeResponse) => {
    const { token } = answer.certificate;
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    const isBlank = (name: 'name' | 'domains') => getValues(name).trim() === '';
    if (mode === 'create') {
      if (getValues('type') === '') setValue('type', token.type, options);
      // What the user typed is kept: the served certificate fills only the empty fields.
      if (isBlank('name')) setValue('name', token.name, options);
    }
    setValue('expiresAt', token.expiresAt, options);
    if (mode === 'edit' || isBlank('domains')) {
      setValue('domains', displayDomainList(token.domains), options);
    }
    setValue('issuer', token.issuer ?? '', options);
    setValue('serial_number', token.serial_number ?? '', options);
    setValue('subject', token.subject ?? '', options);
    setValue('algorithm', token.algorithm ?? '', options);
    setValue('key_size', token.key_size === null ? '' : String(token.key_size), options);
    onFilled?.();
    setNote(
      answer.status === 'ok'
        ? { severity: 'info', text: `Filled from the certificate served: ${answer.message}.` }
        : {
            severity: 'warning',
            text: `Filled from the certificate served, but: ${answer.message}.`,
          },
    );
  };

  const checkNow = async () => {
    setNote(null);
    const { endpoints, problems } = readEndpointsText(getValues('endpoints'));
    if (problems.length > 0) {
      setError('endpoints', { message: problems.join('; ') });
      return;
    }
    const [first] = endpoints;
    if (!first) {
      setError('endpoints', { message: 'Enter an endpoint to check, e.g. shop.example.com' });
      return;
    }
    clearErrors('endpoints');
    try {
      fill(await probe.mutateAsync(first));
    } catch (error) {
      setError('endpoints', {
        message: error instanceof Error ? error.message : 'The endpoint could not be checked',
      });
    }
  };

  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <FormTextField
        control={form.control}
        name="endpoints"
        label="Endpoints"
        kind="multiline"
        idPrefix={idPrefix}
        helperText="Where the certificate is served, one per line: host[:port] [SNI name], e.g. shop.example.com or 203.0.113.7:8443 shop.example.com. Checked every 6 hours."
        fullRow
      />
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mt: 1 }}>
        <Button variant="outlined" onClick={() => void checkNow()} disabled={probe.isPending}>
          {probe.isPending ? 'Checking…' : 'Check now'}
        </Button>
      </Box>
      {note && (
        <Alert
          severity={note.severity}
          role="status"
          sx={{ mt: 1.5 }}
          onClose={() => setNote(null)}
        >
          {note.text}
        </Alert>
      )}
    </Box>
  );
}
