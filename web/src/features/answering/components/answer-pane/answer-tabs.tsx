import { Box, Group, Tabs, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';

const TABS = [
  { value: 'suggested', label: 'Suggested Answers', arrives: 'Answer Library' },
  { value: 'search', label: 'Search Answers', arrives: 'Answer Library' },
  { value: 'favourites', label: 'Favourite Answers', arrives: 'Answer Library' },
  { value: 'explore', label: 'Explore Questions', arrives: 'Answer Library' },
  { value: 'documents', label: 'Documents', arrives: 'Document Library' },
] as const;

/**
 * The five tabs under the editor (spec 002 §2.1). Their content comes with the Answer Library and
 * Document Library: the places are here, disabled, saying so.
 */
export function AnswerTabs() {
  return (
    <Box>
      <Tabs value={null} variant="default">
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }}>
          {TABS.map((tab) => (
            <Tooltip key={tab.value} label={`Arrives with the ${tab.arrives}`} withArrow openDelay={150}>
              <span>
                <Tabs.Tab value={tab.value} disabled style={{ whiteSpace: 'nowrap' }}>
                  {tab.label}
                </Tabs.Tab>
              </span>
            </Tooltip>
          ))}
        </Tabs.List>
      </Tabs>
      <Group
        gap="sm"
        wrap="nowrap"
        mt="sm"
        p="md"
        style={{ border: '1px dashed var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <ThemeIcon variant="light" color="gray" radius="xl" size="lg">
          <IconBooks size={18} />
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          Suggested answers, answer search, favourites and the term glossary arrive with the Answer Library;
          question documents arrive with the Document Library.
        </Text>
      </Group>
    </Box>
  );
}
