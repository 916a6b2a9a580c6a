import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { ContactEmail, ContactPhone, type Project, TEXT_MAX } from '@shared/schemas/project';
import { IconMail, IconPencil, IconPhone, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import * as z from 'zod';
import { useUpdateProject } from '@/features/projects/api/update-project';
import { SectionCard } from '@/features/projects/components/dashboard/section-card';
import { UPDATE_PROJECT_ERROR } from '@/features/projects/utils/messages';
import { notifyError } from '@/lib/notify';

/** The business contact as the update sends it: each field may be empty (cleared). */
const ContactForm = z.object({
  companyContactName: z.string().trim().max(TEXT_MAX, 'A name can be at most 256 characters'),
  companyContactEmail: z.union([z.literal(''), ContactEmail]),
  companyContactPhone: z.union([z.literal(''), ContactPhone]),
});
type ContactValues = z.input<typeof ContactForm>;
type FieldName = keyof ContactValues;

const valuesOf = (project: Project): ContactValues => ({
  companyContactName: project.companyContactName ?? '',
  companyContactEmail: project.companyContactEmail ?? '',
  companyContactPhone: project.companyContactPhone ?? '',
});

/** A field's first message, or undefined (an empty field is valid). */
function fieldError(values: ContactValues, field: FieldName): string | undefined {
  const value = values[field].trim();
  if (value === '') return undefined;
  return ContactForm.shape[field].safeParse(value).error?.issues.at(-1)?.message;
}

export interface BusinessContactCardProps {
  project: Project;
  canEdit: boolean;
}

/**
 * Business Contact (spec 001 §2): the customer's contact for the deal, name, e-mail and phone,
 * edited and saved together; the e-mail and phone are checked as a person would expect.
 */
export function BusinessContactCard({ project, canEdit }: BusinessContactCardProps) {
  const update = useUpdateProject();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ContactValues>(valuesOf(project));
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const saving = update.isPending;
  const hasContact = Boolean(
    project.companyContactName || project.companyContactEmail || project.companyContactPhone,
  );

  const start = () => {
    setValues(valuesOf(project));
    setTouched({});
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    update.reset();
  };
  const parsed = ContactForm.safeParse({
    companyContactName: values.companyContactName,
    companyContactEmail: values.companyContactEmail.trim(),
    companyContactPhone: values.companyContactPhone.trim(),
  });
  const changed = JSON.stringify(values) !== JSON.stringify(valuesOf(project));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched({ companyContactName: true, companyContactEmail: true, companyContactPhone: true });
    if (!parsed.success || saving) return;
    try {
      await update.mutateAsync({ projectId: project.projectId, changes: parsed.data });
      setEditing(false);
    } catch {
      notifyError(UPDATE_PROJECT_ERROR);
    }
  };

  const input = (field: FieldName, label: string, props: Partial<React.ComponentProps<typeof TextInput>>) => (
    <TextInput
      label={label}
      value={values[field]}
      disabled={saving}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setValues((v) => ({ ...v, [field]: next }));
      }}
      onBlur={() => setTouched((t) => ({ ...t, [field]: true }))}
      error={touched[field] ? fieldError(values, field) : undefined}
      {...props}
    />
  );

  const row = (icon: React.ReactNode, content: React.ReactNode) => (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} style={{ display: 'flex' }} aria-hidden>
        {icon}
      </Text>
      <div style={{ minWidth: 0, wordBreak: 'break-word' }}>{content}</div>
    </Group>
  );

  return (
    <SectionCard
      title="Business Contact"
      actions={
        canEdit && !editing && hasContact ? (
          <Tooltip label="Edit business contact" withArrow>
            <ActionIcon variant="subtle" color="gray" aria-label="Edit business contact" onClick={start}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null
      }
    >
      {editing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {input('companyContactName', 'Name', {
              placeholder: 'e.g. Jordan Lee',
              maxLength: TEXT_MAX,
              autoFocus: true,
            })}
            {input('companyContactEmail', 'E-mail', {
              placeholder: 'name@company.com',
              type: 'email',
              maxLength: TEXT_MAX,
            })}
            {input('companyContactPhone', 'Phone', {
              placeholder: 'e.g. +61 2 9876 5432',
              type: 'tel',
              maxLength: 32,
            })}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="xs" onClick={cancel} disabled={saving}>
                Cancel
              </Button>
              <Button
                type="submit"
                size="xs"
                loading={saving}
                disabled={!parsed.success || !changed || saving}
              >
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      ) : hasContact ? (
        <Stack gap="xs">
          {project.companyContactName
            ? row(<IconUser size={16} />, <Text size="sm">{project.companyContactName}</Text>)
            : null}
          {project.companyContactEmail
            ? row(
                <IconMail size={16} />,
                <Anchor href={`mailto:${project.companyContactEmail}`} size="sm">
                  {project.companyContactEmail}
                </Anchor>,
              )
            : null}
          {project.companyContactPhone
            ? row(
                <IconPhone size={16} />,
                <Anchor href={`tel:${project.companyContactPhone.replace(/[^\d+]/g, '')}`} size="sm">
                  {project.companyContactPhone}
                </Anchor>,
              )
            : null}
        </Stack>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            No business contact yet.
          </Text>
          {canEdit ? (
            <Button variant="light" size="xs" onClick={start}>
              Add contact
            </Button>
          ) : null}
        </Stack>
      )}
    </SectionCard>
  );
}
