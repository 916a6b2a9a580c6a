import { TextInput, type TextInputProps } from '@mantine/core';
import { LIMITS } from '@shared/constants';

/** The 'Verification Code' input for the code the identity service e-mails (confirm account, reset). */
export function VerificationCodeField(props: TextInputProps) {
  return (
    <TextInput
      label="Verification Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={LIMITS.verificationCode}
      {...props}
    />
  );
}
