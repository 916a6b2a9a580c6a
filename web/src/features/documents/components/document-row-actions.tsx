import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import type { LibraryDocument } from '@shared/schemas/document';
import { IconArchive, IconDots, IconHistory, IconPencil, IconRestore, IconUpload } from '@tabler/icons-react';

export type DocumentAction = 'archive' | 'reinstate' | 'new-version' | 'edit' | 'history';

/**
 * A row's actions (spec 002 §2.3, §4): Archive for an available document, Make Available for an
 * archived one (both MANAGE_ANSWER_LIBRARY), and a menu with Upload new version and Edit for the
 * same managers and History for everyone.
 */
export function DocumentRowActions({
  document,
  canManage,
  busy,
  onAction,
}: {
  document: LibraryDocument;
  canManage: boolean;
  busy: boolean;
  onAction: (action: DocumentAction) => void;
}) {
  const available = document.documentStatus === 'UPLOADED';
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {canManage ? (
        available ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconArchive size={14} />}
            loading={busy}
            onClick={() => onAction('archive')}
          >
            Archive
          </Button>
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconRestore size={14} />}
            loading={busy}
            onClick={() => onAction('reinstate')}
          >
            Make Available
          </Button>
        )
      ) : null}
      <Menu position="bottom-end" withinPortal shadow="md" width={200}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${document.documentName}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canManage ? (
            <>
              <Menu.Item leftSection={<IconUpload size={14} />} onClick={() => onAction('new-version')}>
                Upload new version
              </Menu.Item>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onAction('edit')}>
                Edit
              </Menu.Item>
            </>
          ) : null}
          <Menu.Item leftSection={<IconHistory size={14} />} onClick={() => onAction('history')}>
            History
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
