import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { type LibraryTerm, SaveTermRequest, TERM_LIMITS } from '@shared/schemas/answer';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreateTerm } from '@/features/library/api/create-term';
import { useDeleteTerm } from '@/features/library/api/delete-term';
import { useTerms } from '@/features/library/api/list-terms';
import { useUpdateTerm } from '@/features/library/api/update-term';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import classes from './library.module.css';

const ERROR = 'There was an error saving that term';

/** The term editor: term, definition and up to five links (one per line). */
function TermModal({
  editing,
  saving,
  onClose,
  onSave,
}: {
  editing: LibraryTerm | 'new' | null;
  saving: boolean;
  onClose: () => void;
  onSave: (body: SaveTermRequest) => Promise<void>;
}) {
  const initial = editing && editing !== 'new' ? editing : null;
  const [values, setValues] = useState({ term: '', definition: '', links: '' });
  const [openedFor, setOpenedFor] = useState<typeof editing>(null);
  const [tried, setTried] = useState(false);
  if (editing !== openedFor) {
    setOpenedFor(editing);
    setTried(false);
    setValues({
      term: initial?.term ?? '',
      definition: initial?.definition ?? '',
      links: (initial?.links ?? []).join('\n'),
    });
  }
  const parsed = SaveTermRequest.safeParse({
    term: values.term,
    definition: values.definition,
    links: values.links
      .split(/\s+/)
      .map((l) => l.trim())
      .filter(Boolean),
  });
  const errors = parsed.success ? {} : parsed.error.flatten().fieldErrors;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={<Text fw={650}>{initial ? 'Edit Term' : 'Add Term'}</Text>}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (parsed.success) void onSave(parsed.data);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Term"
            maxLength={TERM_LIMITS.term}
            value={values.term}
            data-autofocus
            onChange={(e) => {
              const term = e.currentTarget.value;
              setValues((v) => ({ ...v, term }));
            }}
            error={tried ? errors.term?.[0] : undefined}
          />
          <Textarea
            label="Definition"
            autosize
            minRows={3}
            maxLength={TERM_LIMITS.definition}
            value={values.definition}
            onChange={(e) => {
              const definition = e.currentTarget.value;
              setValues((v) => ({ ...v, definition }));
            }}
            error={tried ? errors.definition?.[0] : undefined}
          />
          <Textarea
            label="Links"
            description="Up to five, one per line"
            autosize
            minRows={2}
            value={values.links}
            onChange={(e) => {
              const links = e.currentTarget.value;
              setValues((v) => ({ ...v, links }));
            }}
            error={tried ? errors.links?.[0] : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The team's glossary (Explore Questions shows it beside each question): add, edit, remove. */
export function GlossaryPanel({ canManage }: { canManage: boolean }) {
  const terms = useTerms(true);
  const create = useCreateTerm();
  const update = useUpdateTerm();
  const remove = useDeleteTerm();
  const [editing, setEditing] = useState<LibraryTerm | 'new' | null>(null);
  const save = async (body: SaveTermRequest) => {
    try {
      if (editing && editing !== 'new') await update.mutateAsync({ termId: editing.termId, body });
      else await create.mutateAsync(body);
      notifySuccess('Glossary saved');
      setEditing(null);
    } catch (error) {
      notifyError(isApiError(error) && error.status === 400 ? error.message : ERROR);
    }
  };
  return (
    <Stack gap={0}>
      <Group className={classes.toolbar} justify="space-between">
        <Text size="sm" c="dimmed">
          Terms your team explains to customers, shown under Explore Questions while answering.
        </Text>
        {canManage ? (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
            Add Term
          </Button>
        ) : null}
      </Group>
      {terms.data?.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" p="xl">
          No terms yet. Add the acronyms and phrases your answers rely on, such as RPO or SOC 2.
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Glossary">
          {(terms.data ?? []).map((t) => (
            <Group
              key={t.termId}
              component="li"
              className={classes.row}
              wrap="nowrap"
              align="flex-start"
              aria-label={t.term}
            >
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={650} size="sm">
                  {t.term}
                </Text>
                <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-wrap' }}>
                  {t.definition}
                </Text>
                {t.links.map((link) => (
                  <Anchor key={link} href={link} target="_blank" rel="noopener noreferrer" size="xs" truncate>
                    {link}
                  </Anchor>
                ))}
              </Stack>
              {canManage ? (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon variant="subtle" aria-label={`Edit ${t.term}`} onClick={() => setEditing(t)}>
                      <IconEdit size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${t.term}`}
                      loading={remove.isPending && remove.variables === t.termId}
                      onClick={async () => {
                        try {
                          await remove.mutateAsync(t.termId);
                        } catch {
                          notifyError('There was an error removing that term');
                        }
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      <TermModal
        editing={editing}
        saving={create.isPending || update.isPending}
        onClose={() => setEditing(null)}
        onSave={save}
      />
    </Stack>
  );
}
