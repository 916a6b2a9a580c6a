/**
 * The one map from role to permission keys. The server enforces every key; the SPA reads the
 * caller's map from GET /api/permissions only to hide what the server would refuse.
 */
export const PERMISSION_KEYS = [
  'USER_PERMISSION_CREATE_PROJECT',
  'CREATE_QUESTION',
  'UPDATE_TEAM',
  'CREATE_TEAM_MEMBER',
  'UPDATE_TEAM_MEMBER',
  'READ_ANSWER',
  'ANSWER_QUESTION',
  'ASSIGN_PROJECT_SALES_MANAGER',
  'ASSIGN_PROJECT_DELIVERY_MANAGER',
  'BULK_EXPORT_ACROSS_PROJECTS',
  'NOTIFY_PROJECT_CREATION',
  'MANAGE_ANSWER_LIBRARY',
  'VIEW_INSIGHTS',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export type PermissionMap = Partial<Record<PermissionKey, boolean>>;

export const ROLE_CODES = [
  'ROLE_ADMIN_TEAM_OWNER',
  'ROLE_ADMIN',
  'ROLE_MANAGER',
  'ROLE_MEMBER',
  'ROLE_VIEWER',
] as const;
export type RoleCode = (typeof ROLE_CODES)[number];
export const TEAM_OWNER_ROLE: RoleCode = 'ROLE_ADMIN_TEAM_OWNER';

const ALL: readonly PermissionKey[] = PERMISSION_KEYS;
/** Managers run projects and the library; only admins manage the team and its people. */
const TEAM_ADMINISTRATION: readonly PermissionKey[] = [
  'UPDATE_TEAM',
  'CREATE_TEAM_MEMBER',
  'UPDATE_TEAM_MEMBER',
];
const MANAGER: readonly PermissionKey[] = PERMISSION_KEYS.filter((key) => !TEAM_ADMINISTRATION.includes(key));
const MEMBER: readonly PermissionKey[] = ['READ_ANSWER', 'ANSWER_QUESTION', 'CREATE_QUESTION'];
const VIEWER: readonly PermissionKey[] = ['READ_ANSWER'];

/** Default roles of every new team, in display order. */
export const DEFAULT_ROLES: ReadonlyArray<{
  code: RoleCode;
  name: string;
  permissions: readonly PermissionKey[];
}> = [
  { code: 'ROLE_ADMIN_TEAM_OWNER', name: 'Team Owner', permissions: ALL },
  { code: 'ROLE_ADMIN', name: 'Administrator', permissions: ALL },
  { code: 'ROLE_MANAGER', name: 'Manager', permissions: MANAGER },
  { code: 'ROLE_MEMBER', name: 'Member', permissions: MEMBER },
  { code: 'ROLE_VIEWER', name: 'Viewer', permissions: VIEWER },
];

/** Default groups ("teams" inside a team account) created with every team. */
export const DEFAULT_GROUPS: readonly string[] = ['Sales', 'Delivery', 'Security'];

export function permissionsFor(code: RoleCode | undefined): PermissionMap {
  const role = DEFAULT_ROLES.find((r) => r.code === code);
  return Object.fromEntries((role?.permissions ?? []).map((key) => [key, true])) as PermissionMap;
}
