import { Button, Menu } from '@mantine/core';
import type { PermissionMap } from '@shared/permissions';
import type { Project } from '@shared/schemas/project';
import {
  IconArchive,
  IconChevronDown,
  IconFileExport,
  IconFiles,
  IconFolder,
  IconLink,
  IconPaperclip,
  IconPlus,
  IconRefresh,
  IconShieldCheck,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import { trustCentrePath } from '@/features/projects/utils/paths';
import type { DashboardDialog } from './dialog-names';

export interface ManageProjectMenuProps {
  project: Project;
  permissions: PermissionMap;
  onOpen: (dialog: DashboardDialog) => void;
}

const ICON = 16;

/**
 * Manage Project (spec 001 §2): every item of the spec, in order. Items that change the project are
 * shown to those allowed to (the server refuses the rest): questions with CREATE_QUESTION, the
 * project's settings with USER_PERMISSION_CREATE_PROJECT. Question Sources (the imported files) and
 * Export Project need READ_ANSWER; Add Attachments needs ANSWER_QUESTION (attaching evidence is part
 * of answering); Project Files is for every member who sees the project.
 */
export function ManageProjectMenu({ project, permissions, onOpen }: ManageProjectMenuProps) {
  const canManage = permissions.USER_PERMISSION_CREATE_PROJECT === true;
  const canAddQuestions = permissions.CREATE_QUESTION === true;
  const canRead = permissions.READ_ANSWER === true;
  const canAttach = permissions.ANSWER_QUESTION === true;
  const complete = project.projectStatus === 'COMPLETE';
  return (
    <Menu position="bottom-end" width={250} shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} />}>
          Manage Project
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {canAddQuestions ? (
          <Menu.Item leftSection={<IconPlus size={ICON} />} onClick={() => onOpen('add-questions')}>
            Add Questions
          </Menu.Item>
        ) : null}
        {canRead ? (
          <Menu.Item leftSection={<IconFiles size={ICON} />} onClick={() => onOpen('sources')}>
            Question Sources
          </Menu.Item>
        ) : null}
        {canManage ? (
          <>
            <Menu.Item leftSection={<IconLink size={ICON} />} onClick={() => onOpen('portal')}>
              {project.thirdPartyProjectUrl ? 'Update Portal Link' : 'Add Portal Link'}
            </Menu.Item>
            <Menu.Item leftSection={<IconShieldCheck size={ICON} />} onClick={() => onOpen('compliance')}>
              Manage Compliance
            </Menu.Item>
          </>
        ) : null}
        {canRead ? (
          <Menu.Item leftSection={<IconFileExport size={ICON} />} onClick={() => onOpen('export')}>
            Export Project
          </Menu.Item>
        ) : null}
        {canManage ? (
          <Menu.Item leftSection={<IconUsers size={ICON} />} onClick={() => onOpen('sharing')}>
            Manage Access
          </Menu.Item>
        ) : null}
        {canAttach ? (
          <Menu.Item leftSection={<IconPaperclip size={ICON} />} onClick={() => onOpen('attachments')}>
            Add Attachments
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconFolder size={ICON} />} onClick={() => onOpen('project-files')}>
          Project Files
        </Menu.Item>
        <Menu.Item
          leftSection={<IconWorld size={ICON} />}
          component="a"
          href={trustCentrePath(project.projectId)}
          target="_blank"
          rel="noopener"
        >
          Project Trust Centre
        </Menu.Item>
        {canManage ? (
          <>
            <Menu.Divider />
            {complete ? (
              <Menu.Item leftSection={<IconRefresh size={ICON} />} onClick={() => onOpen('reopen')}>
                Re-open Project
              </Menu.Item>
            ) : (
              <Menu.Item
                leftSection={<IconArchive size={ICON} />}
                color="red"
                onClick={() => onOpen('close')}
              >
                Close Project
              </Menu.Item>
            )}
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
