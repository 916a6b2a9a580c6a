import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { formatCalendarDate } from '@/lib/dates';
import { firstExpiryDay } from '@/lib/documents';

export interface DocumentExpiryInputProps {
  value: string | null;
  onChange: (value: string | null) => void;
  label?: string;
  description?: string;
  disabled?: boolean;
  /** Told when the calendar opens and closes (Escape then closes the calendar, not the dialog). */
  onPickerChange?: (open: boolean) => void;
}

/** An optional expiry date: a future day (from tomorrow), shown as '21st November 2026', clearable. */
export function DocumentExpiryInput({
  value,
  onChange,
  label = 'Expiry Date',
  description = 'Optional. Answers citing this document are flagged for review once it expires.',
  disabled,
  onPickerChange,
}: DocumentExpiryInputProps) {
  const minDate = useMemo(() => firstExpiryDay(), []);
  return (
    <DatePickerInput
      label={label}
      description={description}
      placeholder="Does not expire"
      value={value}
      onChange={(next) => onChange(typeof next === 'string' && next ? next : null)}
      valueFormatter={({ date }) => (typeof date === 'string' ? formatCalendarDate(date) : '')}
      minDate={minDate}
      clearable
      firstDayOfWeek={1}
      weekendDays={[]}
      leftSection={<IconCalendar size={16} />}
      leftSectionPointerEvents="none"
      disabled={disabled}
      popoverProps={{
        withinPortal: true,
        onOpen: () => onPickerChange?.(true),
        onClose: () => onPickerChange?.(false),
      }}
    />
  );
}
