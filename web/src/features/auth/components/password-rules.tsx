import { List, Paper, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_RULES } from '@/features/auth/utils/password-rules';

/** The password-rules box: each rule shown as met or not met for the password typed so far. */
export function PasswordRules({ password }: { password: string }) {
  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)">
      <Text size="sm" fw={500} mb={6} id="password-rules-title">
        Your password must have:
      </Text>
      <List spacing={4} size="sm" center aria-labelledby="password-rules-title">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <List.Item
              key={rule.id}
              data-rule={rule.id}
              data-met={met}
              c={met ? 'teal.8' : 'dimmed'}
              icon={
                <ThemeIcon color={met ? 'teal' : 'gray'} variant="light" size={18} radius="xl">
                  {met ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              {rule.label}
              <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
