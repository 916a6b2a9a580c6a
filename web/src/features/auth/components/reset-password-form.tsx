import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  ConfirmResetPasswordInput,
  useConfirmResetPassword,
} from '@/features/auth/api/confirm-reset-password';
import { SendResetEmailInput, useResetPassword } from '@/features/auth/api/reset-password';
import { useSignInOutcome } from '@/features/auth/hooks/use-sign-in-outcome';
import { useSsoCheck } from '@/features/auth/hooks/use-sso-check';
import { authErrorMessage } from '@/features/auth/utils/auth-errors';
import { resetPasswordPath, signInPath, signUpPath } from '@/features/auth/utils/paths';
import { logAppError } from '@/lib/app-error';
import { authErrorName, signInWithPassword } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { NewPasswordField } from './new-password-field';
import { VerificationCodeField } from './verification-code-field';
import { WorkEmailField } from './work-email-field';

export type ResetStep = 'SEND_EMAIL' | 'RESET_PASSWORD';

export const PASSWORD_UPDATED_MESSAGE = 'Your password has been updated.';

/** Step SEND_EMAIL: the Work Email; the identity service e-mails a code. */
function SendEmailStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const sso = useSsoCheck();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: schemaResolver(SendResetEmailInput, { sync: true }),
    validateInputOnBlur: true,
  });

  const send = useResetPassword({
    onSuccess: (result, { email }) => {
      if (result.nextStep.resetPasswordStep === 'CONFIRM_RESET_PASSWORD_WITH_CODE') onSent(email);
      else notifySuccess(PASSWORD_UPDATED_MESSAGE);
    },
    onError: (error) => {
      logAppError('auth.resetPassword', error);
      notifyError(authErrorMessage(error));
    },
  });

  const busy = send.isPending || sso.checking || sso.redirecting;
  const handleSubmit = form.onSubmit(async (values) => {
    const parsed = SendResetEmailInput.safeParse(values);
    if (!parsed.success) return;
    if (await sso.check(parsed.data.email, { onSubmit: true })) return;
    send.mutate(parsed.data);
  });

  const email = form.getValues().email.trim();
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <WorkEmailField
          key={form.key('email')}
          {...form.getInputProps('email')}
          onBlurValue={(value) => void sso.check(value)}
        />
        <Button type="submit" fullWidth disabled={!form.isValid() || busy} loading={busy}>
          Send Password Reset Email
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/login" size="sm">
            Back to Sign In
          </Anchor>
          <Anchor component={Link} to={signUpPath(email || undefined)} size="sm">
            Create Account
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Step RESET_PASSWORD: the code and a new password. Then the user is signed in with it; an account
 * that turns out unconfirmed goes to Confirm Account with a new code; if the sign-in fails otherwise,
 * the user signs in by hand (spec 000 §4).
 */
function ResetPasswordStep({ email }: { email: string }) {
  const navigate = useNavigate();
  const outcome = useSignInOutcome();
  const [signingIn, setSigningIn] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '', password: '' },
    validate: schemaResolver(ConfirmResetPasswordInput, { sync: true }),
    validateInputOnBlur: true,
  });

  const signInWithNewPassword = async (password: string) => {
    setSigningIn(true);
    try {
      const result = await signInWithPassword(email, password);
      if (result === 'signed-in') {
        notifySuccess(PASSWORD_UPDATED_MESSAGE);
        await outcome.signedIn();
        return;
      }
      if (result === 'confirm-sign-up') {
        outcome.unconfirmed(email, password);
        return;
      }
    } catch (error) {
      if (authErrorName(error) === 'UserNotConfirmedException') {
        outcome.unconfirmed(email, password);
        return;
      }
      logAppError('auth.signIn', error);
    } finally {
      setSigningIn(false);
    }
    notifySuccess(`${PASSWORD_UPDATED_MESSAGE} Please sign in.`);
    navigate(signInPath(email));
  };

  const update = useConfirmResetPassword({
    onSuccess: (_, { password }) => signInWithNewPassword(password),
    onError: (error) => {
      logAppError('auth.confirmResetPassword', error);
      notifyError(authErrorMessage(error));
    },
  });

  const busy = update.isPending || signingIn;
  const handleSubmit = form.onSubmit((values) => {
    const parsed = ConfirmResetPasswordInput.safeParse(values);
    if (parsed.success) update.mutate({ email, ...parsed.data });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text ta="center">We've emailed you a verification code.</Text>
        <VerificationCodeField key={form.key('code')} {...form.getInputProps('code')} />
        <NewPasswordField key={form.key('password')} {...form.getInputProps('password')} />
        <Button type="submit" fullWidth disabled={!form.isValid() || busy} loading={busy}>
          Update Password
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/login" size="sm">
            Back to Sign In
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Reset Password: SEND_EMAIL, then RESET_PASSWORD once the provider confirms a code was delivered.
 * The step is in the address (the route reads it): moving on pushes the second step's path, so a
 * reload keeps it and Back returns to the first step.
 */
export function ResetPasswordForm({ step, email }: { step: ResetStep; email: string }) {
  const navigate = useNavigate();
  if (step === 'RESET_PASSWORD') return <ResetPasswordStep email={email} />;
  return <SendEmailStep initialEmail={email} onSent={(sent) => navigate(resetPasswordPath(sent, true))} />;
}
