import * as z from 'zod';

export const Health = z.object({ status: z.literal('ok'), stage: z.string(), table: z.literal('reachable') });
export const OpenApiDocument = z.record(z.string(), z.unknown());
/** An HTML page (the rendered API reference). */
export const Html = z.string();
