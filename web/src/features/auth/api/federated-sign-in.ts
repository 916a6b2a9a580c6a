import { useMutation } from '@tanstack/react-query';
import { loadAuthFlows } from '@/lib/auth';

/**
 * Identity-service federated sign-in (no REST call): the browser leaves for the customer's identity
 * provider and comes back to /token. The address typed so far, if any, goes along as `login_hint`, so
 * the provider's sign-in page can start with it filled in.
 */
export async function startFederatedSignIn(providerName: string, loginHint?: string): Promise<void> {
  const { signInWithRedirect } = await loadAuthFlows();
  await signInWithRedirect({
    provider: { custom: providerName },
    ...(loginHint ? { options: { loginHint } } : {}),
  });
}

export const useFederatedSignIn = () =>
  useMutation({ mutationFn: (providerName: string) => startFederatedSignIn(providerName) });
