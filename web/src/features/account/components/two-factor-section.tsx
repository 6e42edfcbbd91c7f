import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TwoFactorEnrolment } from '@expiry-radar/shared/api/two-factor-api-schemas';
import { CodeField } from '../../../components/code-field';
import { PasswordField } from '../../../components/password-field';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { apiFieldErrors } from '../../../lib/api-error-details';
import {
  twoFactorStatusQueryOptions,
  useConfirmTwoFactorMutation,
  useDisableTwoFactorMutation,
  useRegenerateRecoveryCodesMutation,
  useStartTwoFactorMutation,
} from '../api/two-factor-api';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SectionCard } from './section-card';

export const TWO_FACTOR_DESCRIPTION =
  'Sign in with a code from an authenticator app as well as your password, so a stolen password is not enough. Some workspaces require it.';
export const PASSWORD_HINT =
  'Signed up with Google and have no password? Leave it empty; you must have signed in within the last 10 minutes.';
export const CODE_REQUIRED = 'Enter the code from your authenticator app';

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'scan'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: readonly string[] }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

/** The message of a refusal: the server's, else a plain one. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return 'Something went wrong. Please try again.';
}

/** The secret in groups of four, easier to type into an app. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function StepForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label={label}
      sx={{ maxWidth: 520 }}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </Stack>
  );
}

function FormButtons({
  submitLabel,
  busy,
  onCancel,
  danger = false,
}: {
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
  danger?: boolean;
}) {
  return (
    <Stack direction="row" spacing={1.5}>
      <Button
        type="submit"
        variant="contained"
        color={danger ? 'error' : 'primary'}
        disabled={busy}
      >
        {submitLabel}
      </Button>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </Stack>
  );
}

/** Step 1: the password confirms the owner; the answer is a new secret. */
function PasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (enrolment: TwoFactorEnrolment) => void;
  onCancel: () => void;
}) {
  const start = useStartTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <StepForm
      label="Confirm your password"
      onSubmit={async () => {
        setError(null);
        try {
          onStarted(await start.mutateAsync(password));
        } catch (failure) {
          setError(messageOf(failure));
        }
      }}
    >
      <Typography variant="body2">
        Enter your password to set up two-factor authentication.
      </Typography>
      <PasswordField
        label="Password"
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error !== null}
        helperText={error ?? PASSWORD_HINT}
      />
      <FormButtons submitLabel="Continue" busy={start.isPending} onCancel={onCancel} />
    </StepForm>
  );
}

/** Step 2: scan the QR code (or type the key), then confirm with the app's first code. */
function ScanStep({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  onConfirmed: (codes: readonly string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactorMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <StepForm
      label="Set up your authenticator app"
      onSubmit={async () => {
        if (code.trim() === '') {
          setError(CODE_REQUIRED);
          return;
        }
        setError(null);
        try {
          onConfirmed((await confirm.mutateAsync(code.trim())).recoveryCodes);
        } catch (failure) {
          setError(apiFieldErrors(failure).code ?? messageOf(failure));
        }
      }}
    >
      <Typography variant="body2">
        1. Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft
        Authenticator, 1Password or Authy).
      </Typography>
      <Box
        component="img"
        src={enrolment.qrCodeDataUrl}
        alt="QR code to add Expiry Radar to your authenticator app"
        sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1, p: 1 }}
      />
      <Typography variant="body2">
        Can’t scan it? Enter this setup key in the app instead:
      </Typography>
      <Typography
        data-testid="two-factor-secret"
        sx={{ fontFamily: '"Roboto Mono", monospace', overflowWrap: 'anywhere' }}
      >
        {groupedSecret(enrolment.secret)}
      </Typography>
      <Typography variant="body2">2. Enter the 6-digit code the app shows.</Typography>
      <CodeField
        autoFocus
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error !== null}
        helperText={error ?? undefined}
      />
      <FormButtons submitLabel="Turn on" busy={confirm.isPending} onCancel={onCancel} />
    </StepForm>
  );
}

function RegenerateForm({
  onDone,
  onCancel,
}: {
  onDone: (codes: readonly string[]) => void;
  onCancel: () => void;
}) {
  const regenerate = useRegenerateRecoveryCodesMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <StepForm
      label="Get new recovery codes"
      onSubmit={async () => {
        if (password === '' && code.trim() === '') {
          setError('Enter your password or a code from your authenticator app');
          return;
        }
        setError(null);
        try {
          const answer = await regenerate.mutateAsync(
            code.trim() ? { code: code.trim() } : { password },
          );
          onDone(answer.recoveryCodes);
        } catch (failure) {
          setError(messageOf(failure));
        }
      }}
    >
      <Typography variant="body2">
        New codes replace the old ones, which stop working. Confirm with your password or a code
        from your authenticator app.
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <CodeField
        label="Or a code from your authenticator app"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormButtons submitLabel="Get new codes" busy={regenerate.isPending} onCancel={onCancel} />
    </StepForm>
  );
}

function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const disable = useDisableTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <StepForm
      label="Turn off two-factor authentication"
      onSubmit={async () => {
        if (code.trim() === '') {
          setError('Enter a code from your authenticator app or a recovery code');
          return;
        }
        setError(null);
        try {
          await disable.mutateAsync({ code: code.trim(), ...(password ? { password } : {}) });
          onDone();
        } catch (failure) {
          setError(messageOf(failure));
        }
      }}
    >
      <Alert severity="warning">
        Without two-factor authentication your password alone signs you in, and workspaces that
        require it will be closed to you.
      </Alert>
      {error && <Alert severity="error">{error}</Alert>}
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        helperText={PASSWORD_HINT}
      />
      <CodeField
        label="Code from your authenticator app or a recovery code"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'text', maxLength: 24 } }}
      />
      <FormButtons submitLabel="Turn off" busy={disable.isPending} onCancel={onCancel} danger />
    </StepForm>
  );
}

/** Account settings → Two-factor authentication: set up, recovery codes, turn off. */
export function TwoFactorSection({ email }: { email: string }) {
  const status = useQuery(twoFactorStatusQueryOptions());
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const idle = () => setStep({ kind: 'idle' });
  const showCodes = (codes: readonly string[]) => setStep({ kind: 'codes', codes });

  let content: ReactNode;
  if (step.kind === 'codes') {
    content = <RecoveryCodesPanel codes={step.codes} email={email} onDone={idle} />;
  } else if (status.isPending) {
    content = <Spinner minHeight={80} />;
  } else if (status.isError) {
    content = <Alert severity="error">Your two-factor settings could not be loaded.</Alert>;
  } else if (!status.data.enabled) {
    content =
      step.kind === 'password' ? (
        <PasswordStep
          onStarted={(enrolment) => setStep({ kind: 'scan', enrolment })}
          onCancel={idle}
        />
      ) : step.kind === 'scan' ? (
        <ScanStep enrolment={step.enrolment} onConfirmed={showCodes} onCancel={idle} />
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>Two-factor authentication is off.</Typography>
          <Button variant="contained" onClick={() => setStep({ kind: 'password' })}>
            Set up two-factor authentication
          </Button>
        </Stack>
      );
  } else {
    const left = status.data.recoveryCodesRemaining;
    content =
      step.kind === 'regenerate' ? (
        <RegenerateForm onDone={showCodes} onCancel={idle} />
      ) : step.kind === 'disable' ? (
        <DisableForm onDone={idle} onCancel={idle} />
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="success">Two-factor authentication is on.</Alert>
          <Typography variant="body2" color={left <= 2 ? 'warning.main' : 'textSecondary'}>
            {left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button variant="outlined" onClick={() => setStep({ kind: 'regenerate' })}>
              Get new recovery codes
            </Button>
            <Button variant="outlined" color="error" onClick={() => setStep({ kind: 'disable' })}>
              Turn off two-factor authentication
            </Button>
          </Stack>
        </Stack>
      );
  }

  return (
    <SectionCard
      id="two-factor"
      title="Two-factor authentication"
      description={TWO_FACTOR_DESCRIPTION}
    >
      {content}
    </SectionCard>
  );
}
