import * as z from 'zod';

export const SsoAliasLookup = z.object({ alias: z.string().trim().toLowerCase().min(1).max(128) });
export const SsoDomainLookup = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(3)
    .max(253)
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'Please enter a valid domain'),
});
/** The identity provider to hand over to, or null when the alias or domain has none. */
export const SsoLookupResponse = z.object({ providerName: z.string().nullable() });
