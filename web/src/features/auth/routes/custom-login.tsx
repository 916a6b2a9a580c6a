import { useEffect, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { Splash } from '@/components/splash';
import { startFederatedSignIn } from '@/features/auth/api/federated-sign-in';
import { useSsoByAlias } from '@/features/auth/api/sso-by-alias';
import { authErrorMessage } from '@/features/auth/utils/auth-errors';
import { logAppError } from '@/lib/app-error';
import { notifyError } from '@/lib/notify';

/**
 * /login/:customerName: sign-in through the customer's single sign-on provider. A provider name
 * starts the federated sign-in; an unknown alias (or a failed lookup) replaces the route with the
 * login route (spec 000 §2.4).
 */
export default function CustomLoginRoute() {
  const { customerName = '' } = useParams();
  const lookup = useSsoByAlias(customerName);
  const providerName = lookup.data?.providerName ?? null;
  const started = useRef<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!providerName || started.current === providerName) return;
    started.current = providerName;
    startFederatedSignIn(providerName).catch((error: unknown) => {
      logAppError('auth.signInWithRedirect', error);
      notifyError(authErrorMessage(error));
      setFailed(true);
    });
  }, [providerName]);

  if (!customerName.trim() || lookup.isError || (lookup.isSuccess && !providerName) || failed)
    return <Navigate to="/login" replace />;
  return <Splash />;
}
