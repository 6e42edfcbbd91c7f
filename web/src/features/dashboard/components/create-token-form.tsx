import { memo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { Category, TokenType } from '@expiry-radar/shared/domain/categories';
import type { CreateTokenData } from '@expiry-radar/shared/domain/create-token-schema';
import { defaultExpiryDate } from '@expiry-radar/shared/domain/default-expiry';
import { toastRefusal } from '../../../lib/api-client';
import { useCreateTokenMutation } from '../../tokens';
import { applyServerFieldErrors } from '../server-field-errors';
import { EMPTY_TOKEN_FORM, createTokenResolver } from '../token-form-values';
import type { TokenFormValues } from '../token-form-values';
import { TokenFormFields } from './token-form-fields';

interface CreateTokenFormProps {
  workspace: Workspace;
  userEmail: string | null;
  /** The clock for the expiry suggestion (tests pass a fixed one). */
  now?: () => Date;
  /** Buttons beside the title (the inventory's import and export). */
  actions?: ReactNode;
}

/**
 * "Create New Token": category, type, then the category's fields; the expiry is
 * suggested by category and type until the user picks one; messages of the shared schema.
 * Memoized: the dashboard's chips and dialogs do not re-render the form.
 */
export const CreateTokenForm = memo(function CreateTokenForm({
  workspace,
  userEmail,
  now = () => new Date(),
  actions,
}: CreateTokenFormProps) {
  const form = useForm<TokenFormValues, unknown, CreateTokenData>({
    resolver: createTokenResolver(),
    defaultValues: EMPTY_TOKEN_FORM,
  });
  const [expiryEdited, setExpiryEdited] = useState(false);
  const create = useCreateTokenMutation(workspace.id);
  const {
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { isSubmitting },
  } = form;

  const suggestExpiry = (category: Category, type: TokenType | '') => {
    if (expiryEdited) return;
    setValue('expiresAt', defaultExpiryDate(category, type === '' ? null : type, now()), {
      shouldValidate: form.formState.isSubmitted,
    });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      if (applyServerFieldErrors(error, setError) === 0) toastRefusal(error);
      return;
    }
    setExpiryEdited(false);
    reset(EMPTY_TOKEN_FORM);
  });

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="create-token-title"
      sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
          mb: 2.5,
        }}
      >
        <Typography id="create-token-title" variant="h2" sx={{ fontSize: '1.375rem' }}>
          Create New Token
        </Typography>
        {actions && <Box sx={{ display: 'flex', gap: 1.5 }}>{actions}</Box>}
      </Box>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TokenFormFields
          form={form}
          mode="create"
          workspace={workspace}
          userEmail={userEmail}
          idPrefix="create-token"
          onKindChange={suggestExpiry}
          onExpiryEdited={() => setExpiryEdited(true)}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2.5 }}>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Creating…' : 'Create token'}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
});
