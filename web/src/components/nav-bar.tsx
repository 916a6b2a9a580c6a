import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import { NAV_WIDTH_PX, SUPPORT_EMAIL } from '@shared/constants';
import type { PermissionKey, PermissionMap } from '@shared/permissions';
import {
  IconBell,
  IconBooks,
  IconChartBar,
  IconClipboardList,
  IconFiles,
  IconHelp,
  IconLayoutDashboard,
  IconListCheck,
  IconPlus,
  IconSettings,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { UserAvatar } from './user-avatar';

interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  permission?: PermissionKey;
}

/** The navigation items of spec 000 §2.6, in order, and Quiz Central (spec 002 §2.5). */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    label: 'Create a new Project',
    to: '/Projects/Create',
    icon: IconPlus,
    permission: 'USER_PERMISSION_CREATE_PROJECT',
  },
  { label: 'View your Dashboard', to: '/', icon: IconLayoutDashboard },
  { label: 'View Notifications', to: '/Notifications', icon: IconBell },
  { label: 'View Projects', to: '/Projects', icon: IconListCheck },
  { label: 'Manage User Accounts', to: '/Team', icon: IconUsers, permission: 'UPDATE_TEAM_MEMBER' },
  {
    label: 'Manage your Answer Library',
    to: '/Answers',
    icon: IconBooks,
    permission: 'MANAGE_ANSWER_LIBRARY',
  },
  { label: 'Manage documents & files', to: '/Files', icon: IconFiles },
  { label: 'View Insights', to: '/Insights', icon: IconChartBar, permission: 'VIEW_INSIGHTS' },
  { label: 'Quiz Central', to: '/Quiz', icon: IconClipboardList },
  { label: 'Manage your account settings', to: '/Settings', icon: IconSettings },
];

export interface NavBarProps {
  /** `photo` is a presigned URL (or null: the initials are shown). */
  user: { fullName: string; photo: string | null };
  /** The caller's permission map; an absent key is false. */
  permissions: PermissionMap;
}

const isActive = (pathname: string, to: string) =>
  to === '/' ? pathname === '/' : pathname.toLowerCase().startsWith(to.toLowerCase());

function NavLinkIcon({ item, active }: { item: NavItem; active: boolean }) {
  const Icon = item.icon;
  return (
    <Tooltip label={item.label} position="right" withArrow openDelay={200}>
      <ActionIcon
        component={Link}
        to={item.to}
        aria-label={item.label}
        aria-current={active ? 'page' : undefined}
        variant={active ? 'light' : 'subtle'}
        color={active ? 'indigo' : 'gray'}
        size={36}
        radius="md"
      >
        <Icon size={20} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The 48 px navigation column, shown only for users who belong to a team. */
export function NavBar({ user, permissions }: NavBarProps) {
  const { pathname } = useLocation();
  const items = NAV_ITEMS.filter((item) => !item.permission || permissions[item.permission] === true);
  const profileActive = isActive(pathname, '/Profile');
  return (
    <Stack
      component="nav"
      aria-label="Main navigation"
      justify="space-between"
      align="center"
      py="sm"
      gap="xs"
      w={NAV_WIDTH_PX}
      miw={NAV_WIDTH_PX}
      h="100vh"
      pos="sticky"
      top={0}
      style={{
        borderRight: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-body)',
      }}
    >
      <Stack align="center" gap={6}>
        <ActionIcon
          component={Link}
          to="/"
          aria-label="Home"
          variant="transparent"
          color="indigo"
          size={36}
          mb="xs"
        >
          <IconShieldCheck size={26} stroke={1.8} />
        </ActionIcon>
        {items.map((item) => (
          <NavLinkIcon key={item.label} item={item} active={isActive(pathname, item.to)} />
        ))}
      </Stack>
      <Stack align="center" gap={6}>
        <Tooltip label="Help" position="right" withArrow openDelay={200}>
          <ActionIcon
            component="a"
            href={`mailto:${SUPPORT_EMAIL}`}
            aria-label="Help"
            variant="subtle"
            color="gray"
            size={36}
            radius="md"
          >
            <IconHelp size={20} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={user.fullName || 'Profile'} position="right" withArrow openDelay={200}>
          <ActionIcon
            component={Link}
            to="/Profile"
            aria-label="Profile"
            aria-current={profileActive ? 'page' : undefined}
            variant="transparent"
            size={36}
            radius="xl"
          >
            <UserAvatar fullName={user.fullName} photo={user.photo} size={32} />
          </ActionIcon>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
