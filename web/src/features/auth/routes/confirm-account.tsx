import { AuthCard } from '../../../components/AuthCard';

/** /Signup/Confirm?email=…: confirm the e-mail with a code (the form comes with the sign-up issue). */
export default function ConfirmAccountRoute() {
  return <AuthCard pageTitle="Confirm Account" heading="Confirm Account" />;
}
