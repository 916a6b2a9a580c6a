import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import classes from './inline-fields.module.css';

export interface InlineTextProps {
  label: string;
  value: string;
  /** Validates the trimmed text; its first message is shown under the field. */
  schema: ZodType<string>;
  /** Saves the trimmed, changed, non-empty text; rejects to restore the stored value. */
  onSave: (value: string) => Promise<unknown>;
  maxLength: number;
  placeholder?: string;
}

/**
 * A text field edited in place (spec 001 §2): Enter or leaving the field saves the trimmed text,
 * Escape cancels; an empty text is ignored (the stored value comes back), as is an unchanged one.
 */
export function InlineText({ label, value, schema, onSave, maxLength, placeholder }: InlineTextProps) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const focused = useRef(false);
  const cancelled = useRef(false);
  useEffect(() => {
    if (!focused.current) setDraft(value);
  }, [value]);

  const commit = async () => {
    const next = draft.trim();
    if (next === '' || next === value) {
      setDraft(value);
      setError(null);
      return;
    }
    const parsed = schema.safeParse(next);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check this value');
      return;
    }
    setError(null);
    setDraft(parsed.data);
    setSaving(true);
    try {
      await onSave(parsed.data);
    } catch {
      setDraft(value);
    } finally {
      setSaving(false);
    }
  };

  return (
    <TextInput
      label={label}
      classNames={{
        root: classes.root,
        wrapper: classes.wrapper,
        input: classes.input,
        label: classes.label,
      }}
      value={draft}
      maxLength={maxLength}
      placeholder={placeholder}
      disabled={saving}
      error={error}
      onChange={(e) => {
        setDraft(e.currentTarget.value);
        if (error) setError(null);
      }}
      onFocus={() => {
        focused.current = true;
        cancelled.current = false;
      }}
      onBlur={() => {
        focused.current = false;
        if (cancelled.current) {
          cancelled.current = false;
          return;
        }
        const next = draft.trim();
        if (next === '' || schema.safeParse(next).success) void commit();
        else {
          setDraft(value);
          setError(null);
        }
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void commit();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          cancelled.current = true;
          setDraft(value);
          setError(null);
          e.currentTarget.blur();
        }
      }}
    />
  );
}
