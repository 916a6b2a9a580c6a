import { z } from 'zod';
import { PERMISSION_KEYS } from '../permissions';

export const Role = z.object({ roleId: z.string(), name: z.string(), code: z.string() });
export type Role = z.infer<typeof Role>;

export const Group = z.object({ groupId: z.string(), groupName: z.string() });
export type Group = z.infer<typeof Group>;

/** A map of permission keys to booleans; an absent key is false. */
export const Permissions = z.partialRecord(z.enum(PERMISSION_KEYS), z.boolean());
