import { AuthCard } from '../../../components/AuthCard';

/** /reset: reset the password (the two steps come with the reset issue). */
export default function ResetPasswordRoute() {
  return <AuthCard pageTitle="Reset Password" heading="Reset Password" />;
}
