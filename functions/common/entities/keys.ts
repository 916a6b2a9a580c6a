/**
 * Key templates for the single table (shared/table.ts). Everything a team owns lives under
 * TEAM#<teamId>, so no team's data shares a partition with another's.
 */
export const key = <const F extends string, const C extends string[]>(
  field: F,
  composite: C,
  template: string,
) => ({
  field,
  composite,
  template,
  casing: 'none' as const,
});

export const timestamps = {
  createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
} as const;

/** Every entity belongs to one ElectroDB service name, so entities of all groups share the table. */
export const SERVICE = 'workspace';

/** When an item last changed: set on every write (ElectroDB's `watch: '*'`). */
export const updatedAt = {
  type: 'string',
  required: true,
  default: () => new Date().toISOString(),
  watch: '*',
  set: () => new Date().toISOString(),
} as const;
