import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconEye, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ClassificationBadge } from '@/components/classification-badge';
import { PageTitle } from '@/components/page-title';
import { SAMPLE_PROJECT, SAMPLE_QUESTIONS } from '../sample-project';

const STEPS = [
  { label: 'The project', description: 'A questionnaire to answer' },
  { label: 'The answers', description: 'Answered and classified' },
  { label: 'Your turn', description: 'Start your own' },
] as const;
const percent = (n: number) => Math.round((n / SAMPLE_PROJECT.totalQuestions) * 100);

function Tile({ label, value, detail }: { label: string; value: number; detail: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Paper>
  );
}

function ProjectStep() {
  const { complete, inProgress, totalQuestions } = SAMPLE_PROJECT;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {SAMPLE_PROJECT.name}
        </Title>
        <Group gap="xs">
          <Badge color="red" variant="light">
            {SAMPLE_PROJECT.priority}
          </Badge>
          <Badge color="gray" variant="light">
            {SAMPLE_PROJECT.industryVertical}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Customer contact: {SAMPLE_PROJECT.contact}
        </Text>
      </Stack>
      <Text>
        A questionnaire arrives as a project: import the customer&apos;s spreadsheet or Word document, and its
        questions are ready to answer, assign and track against the due date.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Tile label="Questions" value={totalQuestions} detail="24 imported, 2 added by hand" />
        <Tile label="Complete" value={complete} detail={`${percent(complete)}% of the questions`} />
        <Tile label="In progress" value={inProgress} detail="Answered, waiting for review" />
      </SimpleGrid>
      <Progress.Root size="lg" aria-label="Progress of the sample project">
        <Progress.Section value={percent(complete)} color="teal" />
        <Progress.Section value={percent(inProgress)} color="blue" />
      </Progress.Root>
    </Stack>
  );
}

function AnswersStep() {
  return (
    <Stack gap="md">
      <Text>
        Each question is answered once, from the answer library or by hand, classified, and reused in the next
        questionnaire. These are {SAMPLE_QUESTIONS.length} of the project&apos;s answers.
      </Text>
      {SAMPLE_QUESTIONS.map((q) => (
        <Paper key={q.reference} withBorder radius="md" p="md" component="article" aria-label={q.question}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text size="xs" c="dimmed">
                {q.reference} · {q.section}
              </Text>
              <ClassificationBadge classification={q.responseClassification} />
            </Group>
            <Text fw={600}>{q.question}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {q.answer}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function YourTurnStep() {
  return (
    <Stack gap="md" align="flex-start">
      <Text>
        That is the whole loop: import, answer from the library, review, export the answered file in the
        customer&apos;s own format. Your first project takes a minute to create.
      </Text>
      <Button component={Link} to="/create" leftSection={<IconPlus size={16} />}>
        Create your first project
      </Button>
    </Stack>
  );
}

function PhoneStepName({ step }: { step: number }) {
  return (
    <Text size="sm" c="dimmed" mb="sm">
      Step {step + 1} of {STEPS.length}: {STEPS[step].label}
    </Text>
  );
}

/**
 * /demo — the Welcome page's Live demo (issue 29): a read-only tour of a sample project from the
 * demo workspace (sample-project.ts), in three steps, ending at Start (/create).
 */
export default function DemoTourRoute() {
  const [step, setStep] = useState(0);
  // A phone shows the steps' numbers in a row and the current one's name under them.
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  // Each step starts at its top.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);
  const stepProps = (i: number) => (phone ? {} : STEPS[i]);
  return (
    <Stack p={{ base: 'md', sm: 'lg' }} component="main" maw={880} gap="lg">
      <Group justify="space-between" align="center" gap="xs">
        <PageTitle title="Live demo" />
        <Badge leftSection={<IconEye size={12} />} variant="light" color="gray" size="lg">
          Read-only sample
        </Badge>
      </Group>
      <Alert variant="light" color="blue" p="sm">
        A tour of a sample project from the demo workspace. Nothing here can be changed, and nothing is saved
        to your team.
      </Alert>
      <Stepper active={step} onStepClick={setStep} size="sm" allowNextStepsSelect>
        <Stepper.Step {...stepProps(0)} aria-label={STEPS[0].label}>
          {phone ? <PhoneStepName step={0} /> : null}
          <ProjectStep />
        </Stepper.Step>
        <Stepper.Step {...stepProps(1)} aria-label={STEPS[1].label}>
          {phone ? <PhoneStepName step={1} /> : null}
          <AnswersStep />
        </Stepper.Step>
        <Stepper.Step {...stepProps(2)} aria-label={STEPS[2].label}>
          {phone ? <PhoneStepName step={2} /> : null}
          <YourTurnStep />
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          disabled={step === 0}
          onClick={() => setStep((s) => Math.max(0, s - 1))}
        >
          Back
        </Button>
        {step < STEPS.length - 1 ? (
          <Button rightSection={<IconArrowRight size={16} />} onClick={() => setStep((s) => s + 1)}>
            Next
          </Button>
        ) : (
          <Button variant="subtle" component={Link} to="/Welcome">
            Back to Welcome
          </Button>
        )}
      </Group>
    </Stack>
  );
}
