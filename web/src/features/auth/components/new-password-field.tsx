import type { PasswordInputProps } from '@mantine/core';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

/** A new password ('Password') with the rules box under it, checked as the user types. */
export function NewPasswordField(props: PasswordInputProps) {
  return (
    <>
      <PasswordField label="Password" autoComplete="new-password" {...props} />
      <PasswordRules password={typeof props.value === 'string' ? props.value : ''} />
    </>
  );
}
