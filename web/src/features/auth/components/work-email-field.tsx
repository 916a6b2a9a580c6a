import { TextInput, type TextInputProps } from '@mantine/core';
import { LIMITS } from '@shared/constants';
import type { FocusEvent } from 'react';

export interface WorkEmailFieldProps extends TextInputProps {
  /** Called with the typed value when the field loses focus (after the form's own blur handling). */
  onBlurValue?: (value: string) => void;
}

/** The 'Work Email' input of the auth screens. */
export function WorkEmailField({ onBlurValue, onBlur, ...props }: WorkEmailFieldProps) {
  return (
    <TextInput
      label="Work Email"
      type="email"
      autoComplete="username"
      maxLength={LIMITS.email}
      {...props}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        onBlur?.(event);
        onBlurValue?.(event.currentTarget.value);
      }}
    />
  );
}
