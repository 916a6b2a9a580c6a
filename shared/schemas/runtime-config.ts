import * as z from 'zod/mini';

/**
 * /runtime-config.json, written next to the SPA by CDK at deploy and by the local runner, read by
 * the SPA before it configures Amplify, so one build serves every stage. Zod Mini: the SPA reads it
 * before its first screen (see base.ts).
 */
export const RuntimeConfig = z.object({
  stage: z.string(),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Only set locally: where cognito-local answers the identity-provider API. */
  userPoolEndpoint: z.optional(z.string()),
  /** Hosted UI domain (no scheme) used for federated single sign-on redirects. */
  oauthDomain: z.string(),
  /** Base of the REST API, same origin as the SPA: "/api". */
  apiBase: z.string(),
  /** WebSocket URL; a path such as "/ws" is resolved against the page's origin. */
  websocketUrl: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
