import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { User } from '@shared/schemas/user';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { useRemovePhoto } from '@/features/user/api/remove-photo';
import { useSavePhoto } from '@/features/user/api/save-photo';
import { PHOTO_ACCEPT, photoFileProblem } from '@/features/user/utils/photo-file';
import { notifyError } from '@/lib/notify';

export const PHOTO_UPLOAD_ERROR = 'There was an error uploading your photo';
export const PHOTO_REMOVE_ERROR = 'There was an error removing your photo';

/** An object URL for the chosen file, revoked when the file changes or the component goes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * The profile photo (spec 000 §2.8, §4): choose, preview, then Save or Cancel; Remove only when a
 * photo exists. The file is checked in the browser (an image, at most 2MB) before anything is sent.
 */
export function ProfilePhoto({ user }: { user: User }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const preview = usePreviewUrl(file);
  const save = useSavePhoto();
  const remove = useRemovePhoto();
  const busy = save.isPending || remove.isPending;

  const choose = (chosen: File | null) => {
    resetRef.current?.();
    if (!chosen) return;
    const reason = photoFileProblem(chosen);
    setProblem(reason);
    setFile(reason ? null : chosen);
  };

  const cancel = () => {
    setFile(null);
    setProblem(null);
  };

  const saveFile = () => {
    if (!file) return;
    save.mutate(file, {
      onSuccess: () => setFile(null),
      onError: () => notifyError(PHOTO_UPLOAD_ERROR),
    });
  };

  const removeFile = () => {
    setProblem(null);
    remove.mutate(undefined, { onError: () => notifyError(PHOTO_REMOVE_ERROR) });
  };

  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <UserAvatar fullName={user.fullName} photo={preview ?? user.photo} size={96} radius={999} />
      <Stack gap="xs">
        <Text fw={600}>Photo</Text>
        {file ? (
          <Group gap="sm">
            <Button onClick={saveFile} loading={save.isPending} disabled={remove.isPending}>
              Save
            </Button>
            <Button variant="default" onClick={cancel} disabled={busy}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Group gap="sm">
            <FileButton onChange={choose} accept={PHOTO_ACCEPT} resetRef={resetRef} disabled={busy}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconPhoto size={18} />} disabled={busy}>
                  {user.photo ? 'Change Photo' : 'Choose Photo'}
                </Button>
              )}
            </FileButton>
            {user.photo ? (
              <Button
                variant="subtle"
                color="red"
                onClick={removeFile}
                loading={remove.isPending}
                disabled={save.isPending}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        )}
        {problem ? (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            An image of up to 2MB.
          </Text>
        )}
      </Stack>
    </Group>
  );
}
