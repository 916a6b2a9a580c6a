import { Select } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';

export interface DocumentPickerProps {
  /** The documents that can be attached (available, not attached yet). */
  documents: readonly { documentId: string; documentName: string; fileName: string }[];
  /** Whether the library holds any document at all (the empty message differs). */
  libraryEmpty: boolean;
  loading: boolean;
  disabled?: boolean;
  placeholder?: string;
  onPick: (documentId: string) => void;
}

/**
 * Attach Document: search the Document Library's available documents by name or file name and
 * pick one; the field clears for the next.
 */
export function DocumentPicker({
  documents,
  libraryEmpty,
  loading,
  disabled,
  placeholder = 'Attach Document',
  onPick,
}: DocumentPickerProps) {
  const [search, setSearch] = useState('');
  return (
    <Select
      aria-label="Attach Document"
      placeholder={loading ? 'Loading your Document Library…' : placeholder}
      leftSection={<IconPaperclip size={16} />}
      data={documents.map((d) => ({ value: d.documentId, label: d.documentName }))}
      filter={({ options, search: term }) => {
        const needle = term.trim().toLowerCase();
        if (!needle) return options;
        return options.filter((option) => {
          if (!('value' in option)) return false;
          const document = documents.find((d) => d.documentId === option.value);
          return `${option.label}\n${document?.fileName ?? ''}`.toLowerCase().includes(needle);
        });
      }}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(documentId) => {
        setSearch('');
        if (documentId) onPick(documentId);
      }}
      searchable
      nothingFoundMessage={libraryEmpty ? 'Your Document Library is empty' : 'No documents match'}
      disabled={loading || disabled}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={260}
      style={{ flex: '1 1 260px' }}
    />
  );
}
