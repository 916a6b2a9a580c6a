import { Navigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/components/auth-card';
import { ConfirmAccountForm } from '@/features/auth/components/confirm-account-form';
import { purgeExpiredPendingSignIn } from '@/features/auth/utils/pending-sign-in';
import { normalizeEmail } from '@/lib/auth';

purgeExpiredPendingSignIn();

/** /Signup/Confirm?email=…: confirm the e-mail with a code; without an e-mail, back to Sign In. */
export default function ConfirmAccountRoute() {
  const [params] = useSearchParams();
  const email = normalizeEmail(params.get('email') ?? '');
  if (!email) return <Navigate to="/login" replace />;
  return (
    <AuthCard pageTitle="Confirm Account" heading="Confirm Account">
      <ConfirmAccountForm email={email} />
    </AuthCard>
  );
}
