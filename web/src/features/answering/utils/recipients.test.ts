import { describe, expect, it } from 'vitest';
import { checkRecipient } from './recipients';

const MESSAGE = 'Pleae check the email address is valid';

describe('checkRecipient', () => {
  it('accepts a valid new address, normalised', () => {
    expect(checkRecipient('  Auditor@Example.com ', [])).toEqual({
      ok: true,
      address: 'auditor@example.com',
    });
  });

  it.each(['', 'nobody', 'a@b', 'two words@example.com', '@example.com'])('rejects %j', (input) => {
    expect(checkRecipient(input, [])).toEqual({ ok: false, error: MESSAGE });
  });

  it('rejects an address already in the list, whatever its case', () => {
    expect(checkRecipient('AUDITOR@example.com', ['auditor@example.com'])).toEqual({
      ok: false,
      error: MESSAGE,
    });
  });
});
