import { Mark, Text } from '@mantine/core';

/** An answer's text with the phrase that clashes marked (the first place it occurs). */
export function Highlighted({ text, phrase }: { text: string; phrase?: string }) {
  const at = phrase ? text.indexOf(phrase) : -1;
  if (!phrase || at < 0)
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
    );
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {text.slice(0, at)}
      <Mark color="red.2" data-clash>
        {phrase}
      </Mark>
      {text.slice(at + phrase.length)}
    </Text>
  );
}
