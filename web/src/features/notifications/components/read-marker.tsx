import { ActionIcon, Box, Loader, Tooltip } from '@mantine/core';

export interface ReadMarkerProps {
  read: boolean;
  pending: boolean;
  onMarkRead: () => void;
}

/** The row's read marker: an orange dot while unread (click to mark read), a grey ring once read. */
export function ReadMarker({ read, pending, onMarkRead }: ReadMarkerProps) {
  if (read) {
    return (
      <Box w={28} h={28} display="flex" style={{ alignItems: 'center', justifyContent: 'center' }}>
        <Box
          role="img"
          aria-label="Read"
          w={10}
          h={10}
          style={{ borderRadius: '50%', border: '2px solid var(--mantine-color-gray-4)' }}
        />
      </Box>
    );
  }
  return (
    <Tooltip label="Mark as read" withArrow openDelay={300}>
      <ActionIcon
        variant="subtle"
        color="orange"
        size={28}
        radius="xl"
        aria-label="Mark as read"
        onClick={onMarkRead}
        disabled={pending}
      >
        {pending ? (
          <Loader size={12} color="orange" />
        ) : (
          <Box w={10} h={10} bg="orange.6" style={{ borderRadius: '50%' }} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
