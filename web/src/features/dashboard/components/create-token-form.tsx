import { memo, useCallback, useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { useForm, useWatch } from 'react-hook-form';
import type {
  ParseCertificateResponse,
  ParsedCertificate,
} from '@expiry-radar/shared/api/certificate-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { Category, TokenType } from '@expiry-radar/shared/domain/categories';
import type { CreateTokenData } from '@expiry-radar/shared/domain/create-token-schema';
import { defaultExpiryDate } from '@expiry-radar/shared/domain/default-expiry';
import { displayDomainList } from '@expiry-radar/shared/domain/domain-names';
import { displayDomain, registeredDomainsOf } from '@expiry-radar/shared/domain/registered-domains';
import { toastRefusal } from '../../../lib/api-client';
import { useCreateTokenMutation } from '../../tokens';
import { applyServerFieldErrors } from '../server-field-errors';
import { EMPTY_TOKEN_FORM, createTokenResolver } from '../token-form-values';
import type { TokenFormValues } from '../token-form-values';
import { useAfterFirstPaint } from '../hooks/use-after-first-paint';
import { CertificateFillDialog } from './certificate-fill-dialog';
import { CreateTokenFieldsPlaceholder } from './create-token-fields-placeholder';
import { TokenFormFields } from './token-form-fields';

/** What the form says after filling from a certificate: which one, and whether of a chain. */
export function certificateFillNote(
  certificate: ParsedCertificate,
  answer: ParseCertificateResponse,
): string {
  const chain = certificate.chain_length;
  if (chain > 1) {
    return `Filled from the leaf certificate ${certificate.token.name} of a chain of ${chain} certificates. Check the fields before creating the token.`;
  }
  const others = answer.certificates.length - 1;
  return others > 0
    ? `Filled from the certificate ${certificate.token.name} (one of ${answer.certificates.length}). Check the fields before creating the token.`
    : `Filled from the certificate ${certificate.token.name}. Check the fields before creating the token.`;
}

interface CreateTokenFormProps {
  workspace: Workspace;
  userEmail: string | null;
  /** The clock for the expiry suggestion (tests pass a fixed one). */
  now?: () => Date;
  /** Buttons beside the title (the inventory's import and export). */
  actions?: ReactNode;
  /** A PEM bundle's leaf certificates to import as tokens, one each (the import dialog). */
  onImportCertificates?: (certificates: readonly ParsedCertificate[]) => void;
  /** The workspace holds no token (now): the form is open whatever was chosen before. */
  empty?: boolean;
  /** Told whether the form holds input not created yet (false again once it is gone). */
  onUnsavedChange?: (unsaved: boolean) => void;
}

const currentTime = () => new Date();

const ID_PREFIX = 'create-token';
/** The form's first field (TokenFormFields names each field `<idPrefix>-<name>`). */
const CATEGORY_FIELD_ID = `${ID_PREFIX}-category`;

/**
 * "Create New Token": its title (a disclosure button: open while the workspace is empty,
 * collapsed to the title once it holds tokens) and the buttons beside it, then the form. The form's fields come
 * a frame after the rest of the page's first render (useAfterFirstPaint), in blank space of their
 * size: react-hook-form and MUI's Select each set state as they mount, and such an update in the
 * commit of the dashboard's first render made React run that commit's passive effects and a
 * second render before the cards could paint. Memoized: the dashboard's chips and dialogs do not
 * re-render the form.
 */
export const CreateTokenForm = memo(function CreateTokenForm({
  workspace,
  userEmail,
  now = currentTime,
  actions,
  onImportCertificates,
  empty = false,
  onUnsavedChange,
}: CreateTokenFormProps) {
  // Open while the workspace is empty; once it holds tokens the inventory comes first, and the
  // form is one click away. Its fields mount when it first opens and stay (closing keeps a draft).
  const [open, setOpen] = useState(() => (workspace.token_count ?? 0) === 0);
  const [opened, setOpened] = useState(open);
  const expanded = open || empty;
  const fieldsShown = useAfterFirstPaint();
  const toggle = () => {
    setOpen(!expanded);
    setOpened(true);
  };
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
          mb: expanded ? 2.5 : 0,
        }}
      >
        <Typography id="create-token-title" variant="h2" sx={{ fontSize: '1.375rem' }}>
          <ButtonBase
            aria-expanded={expanded}
            aria-controls={FORM_BODY_ID}
            onClick={toggle}
            sx={{ font: 'inherit', gap: 0.5, borderRadius: 1 }}
          >
            Create New Token
            <ExpandMore
              aria-hidden
              sx={{
                transition: 'transform 150ms',
                transform: expanded ? 'rotate(180deg)' : 'none',
              }}
            />
          </ButtonBase>
        </Typography>
        {actions && <Box sx={{ display: 'flex', gap: 1.5 }}>{actions}</Box>}
      </Box>
      <Box id={FORM_BODY_ID} hidden={!expanded}>
        {!(opened || expanded) ? null : fieldsShown ? (
          <CreateTokenFields
            workspace={workspace}
            userEmail={userEmail}
            now={now}
            onImportCertificates={onImportCertificates}
            onUnsavedChange={onUnsavedChange}
          />
        ) : (
          <CreateTokenFieldsPlaceholder workspace={workspace} />
        )}
      </Box>
    </Paper>
  );
});

const FORM_BODY_ID = 'create-token-form-body';

type CreateTokenFieldsProps = Omit<CreateTokenFormProps, 'actions' | 'now'> & {
  now: () => Date;
};

/**
 * The form: category, type, then the category's fields; the expiry is suggested by category and
 * type until the user picks one; messages of the shared schema.
 */
function CreateTokenFields({
  workspace,
  userEmail,
  now,
  onImportCertificates,
  onUnsavedChange,
}: CreateTokenFieldsProps) {
  const form = useForm<TokenFormValues, unknown, CreateTokenData>({
    resolver: createTokenResolver(),
    defaultValues: EMPTY_TOKEN_FORM,
  });
  const [expiryEdited, setExpiryEdited] = useState(false);
  const [fillOpen, setFillOpen] = useState(false);
  const [fillNote, setFillNote] = useState<string | null>(null);
  const [createdCount, setCreatedCount] = useState(0);
  /** After a certificate is created: the registered domains of its names, offered to follow. */
  const [domainOffer, setDomainOffer] = useState<readonly string[]>([]);
  const create = useCreateTokenMutation(workspace.id);
  const category = useWatch({ control: form.control, name: 'category' });
  const {
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { isSubmitting, isDirty },
  } = form;
  const unsaved = isDirty && !isSubmitting;
  useEffect(() => {
    onUnsavedChange?.(unsaved);
  }, [onUnsavedChange, unsaved]);
  useEffect(() => () => onUnsavedChange?.(false), [onUnsavedChange]);

  // The fields' callbacks keep their identity from one render to the next: the fields are
  // memoized, and the form re-renders as it mounts (react-hook-form's own state) and on every
  // change of its own state, none of which need render every field again.
  const onKindChange = useCallback(
    (nextCategory: Category, nextType: TokenType | '') => {
      if (nextCategory !== 'cert') setFillNote(null);
      if (expiryEdited) return;
      setValue(
        'expiresAt',
        defaultExpiryDate(nextCategory, nextType === '' ? null : nextType, now()),
        {
          shouldValidate: form.formState.isSubmitted,
        },
      );
    },
    [expiryEdited, setValue, now, form],
  );
  const onExpiryEdited = useCallback(() => setExpiryEdited(true), []);

  const fillFromCertificate = (
    certificate: ParsedCertificate,
    answer: ParseCertificateResponse,
  ) => {
    const { token } = certificate;
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    if (form.getValues('type') === '') setValue('type', token.type, options);
    setValue('name', token.name, options);
    setValue('expiresAt', token.expiresAt, options);
    setValue('domains', displayDomainList(token.domains), options);
    setValue('issuer', token.issuer ?? '', options);
    setValue('serial_number', token.serial_number ?? '', options);
    setValue('subject', token.subject ?? '', options);
    setValue('algorithm', token.algorithm ?? '', options);
    setValue('key_size', token.key_size === null ? '' : String(token.key_size), options);
    // The certificate's date stays: the category's suggestion no longer replaces it.
    setExpiryEdited(true);
    setFillNote(certificateFillNote(certificate, answer));
    setFillOpen(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      if (applyServerFieldErrors(error, setError) === 0) toastRefusal(error);
      return;
    }
    setExpiryEdited(false);
    setFillNote(null);
    setDomainOffer(values.category === 'cert' ? registeredDomainsOf(values.domains) : []);
    reset(EMPTY_TOKEN_FORM);
    setCreatedCount((count) => count + 1);
  });

  /** Starts a domain registration token that follows `domain` (its expiry is read at the registry). */
  const followDomain = (domain: string) => {
    const options = { shouldDirty: true };
    reset(EMPTY_TOKEN_FORM);
    setValue('category', 'license', options);
    setValue('type', 'domain_registration', options);
    setValue('name', displayDomain(domain), options);
    setValue('registration_domain', displayDomain(domain), options);
    setValue('expiresAt', defaultExpiryDate('license', 'domain_registration', now()), options);
    setDomainOffer((offered) => offered.filter((other) => other !== domain));
  };

  // Ready for the next token: once the form shows it was reset, the focus starts it again (the
  // toast says the token was created).
  useEffect(() => {
    if (createdCount > 0) document.getElementById(CATEGORY_FIELD_ID)?.focus();
  }, [createdCount]);

  return (
    <>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {domainOffer.length > 0 && (
          <Alert severity="info" role="status" sx={{ mb: 2.5 }} onClose={() => setDomainOffer([])}>
            The certificate's names belong to{' '}
            {domainOffer.map((domain) => displayDomain(domain)).join(', ')}. A lapsed registration
            takes every certificate with it: watch it too?
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
              {domainOffer.map((domain) => (
                <Button
                  key={domain}
                  size="small"
                  variant="outlined"
                  onClick={() => followDomain(domain)}
                >
                  Watch {displayDomain(domain)}'s registration
                </Button>
              ))}
            </Box>
          </Alert>
        )}
        {category === 'cert' && (
          <Box sx={{ mb: 2.5 }}>
            <Button
              variant="outlined"
              startIcon={<VerifiedUserOutlined />}
              onClick={() => setFillOpen(true)}
            >
              Fill from certificate
            </Button>
            {fillNote && (
              <Alert
                severity="info"
                role="status"
                sx={{ mt: 1.5 }}
                onClose={() => setFillNote(null)}
              >
                {fillNote}
              </Alert>
            )}
          </Box>
        )}
        <TokenFormFields
          form={form}
          mode="create"
          workspace={workspace}
          userEmail={userEmail}
          idPrefix={ID_PREFIX}
          onKindChange={onKindChange}
          onExpiryEdited={onExpiryEdited}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2.5 }}>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Creating…' : 'Create token'}
          </Button>
        </Box>
      </Box>
      {fillOpen && (
        <CertificateFillDialog
          onClose={() => setFillOpen(false)}
          onFill={fillFromCertificate}
          onImportAll={
            onImportCertificates &&
            ((certificates) => {
              setFillOpen(false);
              onImportCertificates(certificates);
            })
          }
        />
      )}
    </>
  );
}
