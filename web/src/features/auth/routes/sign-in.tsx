import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/components/auth-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { normalizeEmail } from '@/lib/auth';

/** Shown on Sign In after an account was confirmed where no sign-in could follow (another browser). */
export const ACCOUNT_CONFIRMED_MESSAGE = 'Your account is confirmed. Sign in to continue.';

/** /login[?email=…][&confirmed=1]: the e-mail is filled in when the address carries one. */
export default function SignInRoute() {
  const [params] = useSearchParams();
  const email = normalizeEmail(params.get('email') ?? '');
  const confirmed = params.get('confirmed') === '1';
  return (
    <AuthCard pageTitle="Sign In" heading="Sign in to your account">
      {confirmed ? (
        <Alert color="teal" role="status" icon={<IconCircleCheck size={20} aria-hidden />}>
          {ACCOUNT_CONFIRMED_MESSAGE}
        </Alert>
      ) : null}
      <SignInForm initialEmail={email} />
    </AuthCard>
  );
}
