import * as z from 'zod';
import { ssoDomain } from './base';

export const SsoAliasLookup = z.object({ alias: z.string().trim().toLowerCase().min(1).max(128) });
export const SsoDomainLookup = z.object({ domain: ssoDomain });
/** The identity provider to hand over to, or null when the alias or domain has none. */
export const SsoLookupResponse = z.object({ providerName: z.string().nullable() });
