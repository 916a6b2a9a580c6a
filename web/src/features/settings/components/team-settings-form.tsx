import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { LIMITS } from '@shared/constants';
import { TEAM_SETTINGS_MESSAGES, type TeamSettings } from '@shared/schemas/team';
import { IconBuildingSkyscraper, IconDiscountCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { RequiredLabel } from '@/components/required-label';
import { useTeamSettings } from '@/features/settings/api/get-team-settings';
import { useSaveTeamSettings } from '@/features/settings/api/save-team-settings';
import {
  canSaveTeamSettings,
  changesOf,
  errorsOf,
  formValuesOf,
  logoFileProblem,
  type TeamFormErrors,
  type TeamFormField,
  type TeamFormValues,
  WEBSITE_PREFIX,
} from '@/features/settings/utils/team-settings';
import { useErrorToast } from '@/hooks/use-error-toast';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { TeamLogoField } from './team-logo-field';

export const TEAM_SETTINGS_SAVED = 'Team settings saved';

function SwitchRow({
  id,
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="lg" py="sm" align="flex-start">
      <Stack gap={2} miw={0}>
        <Text component="label" htmlFor={id} fw={500} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed" id={`${id}-description`}>
          {description}
        </Text>
      </Stack>
      <Switch
        id={id}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        size="md"
        mt={2}
        disabled={disabled}
        aria-describedby={`${id}-description`}
      />
    </Group>
  );
}

/** The team's review cycle for library answers (issue 28). */
const REVIEW_CYCLES = [
  { value: 'none', label: 'None' },
  { value: '3', label: 'Every 3 months' },
  { value: '6', label: 'Every 6 months' },
  { value: '12', label: 'Every 12 months' },
];

/** The field errors of a refused save: the server's per-field messages, a failed code as the spec's text. */
function serverErrorsOf(error: unknown): TeamFormErrors {
  if (!isApiError(error)) return {};
  if (error.status === 422) return { redemptionCode: TEAM_SETTINGS_MESSAGES.redemptionCode };
  const errors: TeamFormErrors = {};
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {}))
    if (messages[0] && field !== 'teamLogo') errors[field as TeamFormField] = messages[0];
  return errors;
}

function TeamForm({ saved }: { saved: TeamSettings }) {
  const save = useSaveTeamSettings();
  const [draft, setDraft] = useState<Partial<TeamFormValues>>({});
  const [touched, setTouched] = useState<Set<TeamFormField>>(new Set());
  const [serverErrors, setServerErrors] = useState<TeamFormErrors>({});
  const [logo, setLogo] = useState<File | null>(null);
  const saving = save.isPending;

  const values: TeamFormValues = { ...formValuesOf(saved), ...draft };
  const changes = changesOf(values, saved);
  const errors = errorsOf(values, saved);
  const logoProblem = logo ? logoFileProblem(logo) : null;
  const dirty = Object.keys(changes).length > 0 || logo !== null;
  const canSave = canSaveTeamSettings(values, saved, { chosen: logo !== null, problem: logoProblem });

  const set = <K extends TeamFormField>(field: K, value: TeamFormValues[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const touch = (field: TeamFormField) => setTouched((t) => new Set(t).add(field));
  const errorOf = (field: TeamFormField) =>
    serverErrors[field] ?? (touched.has(field) ? errors[field] : undefined);

  const discard = () => {
    setDraft({});
    setTouched(new Set());
    setServerErrors({});
    setLogo(null);
  };

  const submit = () => {
    if (!canSave || saving) return;
    save.mutate(
      { changes, logo },
      {
        onSuccess: () => {
          discard();
          notifySuccess(TEAM_SETTINGS_SAVED);
        },
        onError: (error) => {
          setServerErrors(serverErrorsOf(error));
          const codeRefused = isApiError(error) && error.status === 422;
          notifyError(codeRefused ? TEAM_SETTINGS_MESSAGES.redemptionCode : TEAM_SETTINGS_MESSAGES.save);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label="Team settings"
      noValidate
    >
      <Stack gap="lg">
        <Stack gap="md">
          <TextInput
            label={<RequiredLabel label="Company Name" />}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            onBlur={() => touch('name')}
            error={errorOf('name')}
            maxLength={LIMITS.defaultInput}
            autoComplete="organization"
            disabled={saving}
          />
          <TextInput
            label="Company Website"
            placeholder={WEBSITE_PREFIX}
            value={values.companyWebsite}
            onChange={(event) => set('companyWebsite', event.currentTarget.value)}
            onBlur={() => touch('companyWebsite')}
            error={errorOf('companyWebsite')}
            maxLength={LIMITS.defaultInput}
            inputMode="url"
            autoComplete="url"
            disabled={saving}
          />
          <TeamLogoField
            current={saved.teamLogo}
            file={logo}
            problem={logoProblem}
            onChoose={setLogo}
            onClear={() => setLogo(null)}
            disabled={saving}
          />
          {saved.redemptionCode === null ? (
            <TextInput
              label="Redemption Code"
              description="The 4-character code a partner gave you. It can be redeemed once."
              value={values.redemptionCode}
              onChange={(event) => set('redemptionCode', event.currentTarget.value)}
              onBlur={() => touch('redemptionCode')}
              error={errorOf('redemptionCode')}
              maxLength={LIMITS.defaultInput}
              autoComplete="off"
              spellCheck={false}
              w={{ base: '100%', xs: 240 }}
              disabled={saving}
            />
          ) : (
            <Group gap="md" align="flex-end" wrap="wrap">
              <TextInput
                label="Redemption Code"
                value={saved.redemptionCode}
                readOnly
                variant="filled"
                w={160}
                leftSection={<IconDiscountCheck size={16} />}
              />
              {saved.redemptionPartner ? (
                <TextInput
                  label="Redeemed For"
                  value={saved.redemptionPartner}
                  readOnly
                  variant="filled"
                  miw={240}
                  style={{ flex: 1 }}
                />
              ) : null}
            </Group>
          )}
        </Stack>

        <Stack gap={0}>
          <Text fw={600} size="sm" mb={2}>
            Answer Library
          </Text>
          <SwitchRow
            id="team-imported-answers-require-review"
            label="Imported answers require review"
            description="Answers imported into the library wait in Needs Review until someone approves them."
            checked={values.importedAnswersRequireReview}
            onChange={(value) => set('importedAnswersRequireReview', value)}
            disabled={saving}
          />
          <Divider />
          <SwitchRow
            id="team-default-answers-to-flow-to-library"
            label="Answers flow to the library by default"
            description="New questions start with Include in Library ticked (never in private projects)."
            checked={values.defaultAnswersToFlowToLibrary}
            onChange={(value) => set('defaultAnswersToFlowToLibrary', value)}
            disabled={saving}
          />
          <Divider />
          <Group justify="space-between" wrap="wrap" gap="lg" py="sm" align="flex-start">
            <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
              <Text component="label" htmlFor="team-library-review-cycle" fw={500} size="sm">
                Review cycle
              </Text>
              <Text size="xs" c="dimmed">
                Each library answer comes due for review this long after its last review; its owner is told
                and it moves to Needs Review.
              </Text>
            </Stack>
            <Select
              id="team-library-review-cycle"
              w={200}
              data={REVIEW_CYCLES}
              value={values.libraryReviewCycle === null ? 'none' : String(values.libraryReviewCycle)}
              allowDeselect={false}
              disabled={saving}
              onChange={(value) =>
                set('libraryReviewCycle', value === '3' ? 3 : value === '6' ? 6 : value === '12' ? 12 : null)
              }
            />
          </Group>
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={discard} disabled={!dirty || saving}>
            Discard
          </Button>
          <Button type="submit" loading={saving} disabled={!canSave}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Team settings (spec 002 §2.7, §5, §7.6, §8): company name, website, logo, redemption code (while
 * none is redeemed) and the library switches. Save is enabled only when something changed and every
 * field is valid, and sends only what changed; Discard restores the saved values.
 */
export function TeamSettingsForm() {
  const settings = useTeamSettings();
  useErrorToast(settings.isError, settings.errorUpdatedAt, TEAM_SETTINGS_MESSAGES.fetch);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
      <Group gap="sm" mb={4}>
        <IconBuildingSkyscraper size={20} stroke={1.6} />
        <Title order={2} size="h4">
          Team
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="lg">
        How your company appears in the app, and how your answer library fills up.
      </Text>
      {settings.isPending ? (
        <Stack gap="md" role="status" aria-label="Loading your team settings">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} height={44} radius="sm" />
          ))}
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" variant="light" title={TEAM_SETTINGS_MESSAGES.fetch}>
          <Button size="xs" variant="light" color="red" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <TeamForm saved={settings.data} />
      )}
    </Paper>
  );
}
