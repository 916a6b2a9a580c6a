import { RECIPIENT_MESSAGE } from '@shared/schemas/discussion';
import * as z from 'zod';

export { RECIPIENT_MESSAGE };

const address = z.email();

/**
 * Checks an address to copy on a comment (spec 002 §5): a valid address not already in the list
 * (compared without case). Returns the normalised address, or the error message.
 */
export function checkRecipient(
  input: string,
  list: readonly string[],
): { ok: true; address: string } | { ok: false; error: string } {
  const value = input.trim().toLowerCase();
  if (
    value.length > 254 ||
    !address.safeParse(value).success ||
    list.some((a) => a.toLowerCase() === value)
  ) {
    return { ok: false, error: RECIPIENT_MESSAGE };
  }
  return { ok: true, address: value };
}
