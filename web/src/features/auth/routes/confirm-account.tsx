import { Navigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../../components/AuthCard';
import { normalizeEmail } from '../../../lib/auth';
import { ConfirmAccountForm } from '../components/confirm-account-form';
import { purgeExpiredPendingSignIn } from '../utils/pending-sign-in';

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
