import { Alert, Anchor, Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmSignUpInput, useConfirmSignUp } from '@/features/auth/api/confirm-sign-up';
import { useResendSignUpCode } from '@/features/auth/api/resend-sign-up-code';
import { useSignInOutcome } from '@/features/auth/hooks/use-sign-in-outcome';
import { AUTH_MESSAGES, authErrorMessage, isAlreadyConfirmedError } from '@/features/auth/utils/auth-errors';
import { signInPath } from '@/features/auth/utils/paths';
import { takePendingSignIn } from '@/features/auth/utils/pending-sign-in';
import { logAppError } from '@/lib/app-error';
import { signInWithPassword } from '@/lib/auth';
import { notifyError } from '@/lib/notify';
import { VerificationCodeField } from './verification-code-field';

/** How long the resend button shows that the code went out (spec 000 §9: 1500 ms). */
export const RESEND_DONE_MS = 1500;

/**
 * Confirm Account: the emailed verification code. On success the kept credentials sign the user in
 * automatically and the guards route onward (complete registration for a new user); without them,
 * or if that sign-in fails, the user is told and sent to Sign In (spec 000 §4, §8).
 */
export function ConfirmAccountForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const outcome = useSignInOutcome();
  const [alreadyConfirmed, setAlreadyConfirmed] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [resent, setResent] = useState(false);
  const resentTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resentTimer.current), []);

  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: schemaResolver(ConfirmSignUpInput, { sync: true }),
    validateInputOnBlur: true,
  });

  const autoSignIn = async () => {
    const kept = takePendingSignIn(email);
    if (!kept) {
      // Confirmed where the password was never typed (another browser, or after a reload): nothing
      // failed, the user signs in with the e-mail already filled in.
      navigate(signInPath(email, { confirmed: true }));
      return;
    }
    setSigningIn(true);
    try {
      const result = await signInWithPassword(kept.email, kept.password);
      if (result === 'signed-in') {
        await outcome.signedIn();
        return;
      }
    } catch (error) {
      logAppError('auth.autoSignIn', error);
    } finally {
      setSigningIn(false);
    }
    notifyError(AUTH_MESSAGES.autoSignInFailed);
    navigate(signInPath(email, { confirmed: true }));
  };

  const confirm = useConfirmSignUp({
    onSuccess: () => autoSignIn(),
    onError: (error) => {
      logAppError('auth.confirmSignUp', error);
      if (isAlreadyConfirmedError(error)) {
        setAlreadyConfirmed(true);
        notifyError(AUTH_MESSAGES.alreadyConfirmed, { onClick: () => navigate(signInPath(email)) });
        return;
      }
      notifyError(authErrorMessage(error));
    },
  });

  const resend = useResendSignUpCode({
    onSuccess: () => {
      setResent(true);
      clearTimeout(resentTimer.current);
      resentTimer.current = setTimeout(() => setResent(false), RESEND_DONE_MS);
    },
    onError: (error) => {
      logAppError('auth.resendSignUpCode', error);
      if (isAlreadyConfirmedError(error)) setAlreadyConfirmed(true);
      notifyError(authErrorMessage(error));
    },
  });

  const busy = confirm.isPending || signingIn;
  const valid = form.isValid();
  const handleSubmit = form.onSubmit((values) => {
    const parsed = ConfirmSignUpInput.safeParse(values);
    const code = values.code.replace(/\D/g, '');
    if (!code || !parsed.success) {
      notifyError(AUTH_MESSAGES.emptyCode);
      return;
    }
    confirm.mutate({ email, code: parsed.data.code });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text ta="center">We've emailed you a verification code.</Text>
        {alreadyConfirmed ? (
          <Alert color="teal" role="alert" title={AUTH_MESSAGES.alreadyConfirmed}>
            <Anchor component={Link} to={signInPath(email)} inherit>
              Sign in to your account
            </Anchor>
          </Alert>
        ) : null}
        <VerificationCodeField key={form.key('code')} {...form.getInputProps('code')} />
        <Button type="submit" fullWidth disabled={!valid || busy} loading={busy}>
          Confirm Account
        </Button>
        <Group justify="space-between" align="center">
          <Anchor component={Link} to="/login" size="sm">
            Back to Sign In
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            c={resent ? 'teal.8' : undefined}
            disabled={resend.isPending}
            aria-disabled={resent || resend.isPending || undefined}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
            onClick={() => {
              if (!resent && !resend.isPending) resend.mutate(email);
            }}
          >
            {resend.isPending ? <Loader size={12} aria-hidden /> : null}
            {resent ? <IconCheck size={14} aria-hidden /> : null}
            Resend Verification Code
          </Anchor>
        </Group>
        <VisuallyHidden role="status" aria-live="polite">
          {resent ? 'A new verification code is on its way.' : ''}
        </VisuallyHidden>
      </Stack>
    </form>
  );
}
