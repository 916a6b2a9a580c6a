import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { LIMITS } from '@shared/constants';
import { useState } from 'react';

/** A password input with the reveal / hide toggle (accessible names 'Reveal/Hide characters'). */
export function PasswordField(props: PasswordInputProps) {
  const [revealed, setRevealed] = useState(false);
  return (
    <PasswordInput
      maxLength={LIMITS.password}
      visible={revealed}
      onVisibilityChange={setRevealed}
      visibilityToggleButtonProps={{ 'aria-label': revealed ? 'Hide characters' : 'Reveal characters' }}
      {...props}
    />
  );
}
