import { Alert, Box, Button, FileButton, Group, Image, Input, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBuildingSkyscraper, IconPhotoUp, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LOGO_ACCEPT } from '@/features/settings/utils/team-settings';

/** An object URL for the chosen file, revoked when the file changes or the field goes. */
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

export interface TeamLogoFieldProps {
  /** The saved logo (a short-lived link), or null. */
  current: string | null;
  /** The file chosen and not yet saved. */
  file: File | null;
  /** Why the file chosen cannot be used (e.g. over 1 MB), or null. */
  problem: string | null;
  onChoose: (file: File | null) => void;
  onClear: () => void;
  disabled?: boolean;
}

/**
 * The team logo (spec 002 §2.7, §5): the saved logo or the chosen file's preview, Upload Logo (a
 * PNG, JPEG, GIF or WebP image) and, once chosen, the way back. Over 1 MB is alerted with the spec's
 * text; the file is uploaded on Save.
 */
export function TeamLogoField({ current, file, problem, onChoose, onClear, disabled }: TeamLogoFieldProps) {
  const resetRef = useRef<() => void>(null);
  const preview = usePreviewUrl(file && !problem ? file : null);
  const shown = preview ?? current;

  return (
    <Input.Wrapper label="Team Logo" labelElement="div">
      <Group gap="md" mt={6} align="center" wrap="nowrap">
        <Box
          w={80}
          h={80}
          style={{
            flexShrink: 0,
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-md)',
            background: 'var(--mantine-color-gray-0)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {shown ? (
            <Image src={shown} alt="Team logo" w={72} h={72} fit="contain" />
          ) : (
            <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-label="No logo yet">
              <IconBuildingSkyscraper size={24} />
            </ThemeIcon>
          )}
        </Box>
        <Stack gap={6} miw={0}>
          <Group gap="xs">
            <FileButton
              onChange={(chosen) => {
                resetRef.current?.();
                if (chosen) onChoose(chosen);
              }}
              accept={LOGO_ACCEPT}
              resetRef={resetRef}
              disabled={disabled}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="xs"
                  leftSection={<IconPhotoUp size={16} />}
                  disabled={disabled}
                >
                  {current || file ? 'Change Logo' : 'Upload Logo'}
                </Button>
              )}
            </FileButton>
            {file ? (
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                leftSection={<IconX size={14} />}
                onClick={onClear}
                disabled={disabled}
              >
                {current ? 'Keep the current logo' : 'Remove'}
              </Button>
            ) : null}
          </Group>
          {file && !problem ? (
            <Text size="xs" c="dimmed" truncate="end" title={file.name}>
              {file.name}: saved with the other changes
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              A PNG, JPEG, GIF or WebP image of up to 1MB.
            </Text>
          )}
        </Stack>
      </Group>
      {problem ? (
        <Alert mt="sm" color="red" variant="light" icon={<IconAlertTriangle size={16} />} py={8} role="alert">
          {problem}
        </Alert>
      ) : null}
    </Input.Wrapper>
  );
}
