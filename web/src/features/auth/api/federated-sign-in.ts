import { useMutation } from '@tanstack/react-query';
import { signInWithRedirect } from 'aws-amplify/auth';

/**
 * Identity-service federated sign-in (no REST call): the browser leaves for the customer's identity
 * provider and comes back to /token. The address typed so far, if any, goes along as `login_hint`, so
 * the provider's sign-in page can start with it filled in.
 */
export const startFederatedSignIn = (providerName: string, loginHint?: string) =>
  signInWithRedirect({
    provider: { custom: providerName },
    ...(loginHint ? { options: { loginHint } } : {}),
  });

export const useFederatedSignIn = () =>
  useMutation({ mutationFn: (providerName: string) => startFederatedSignIn(providerName) });
