import { describe, expect, it } from 'vitest';
import { complianceText, DEFAULT_WORDING } from './compliance';

describe('compliance wording', () => {
  const project = { compliant: 'Yes', nonCompliant: 'No' };
  const file = { compliant: 'Meets', partiallyCompliant: '' };
  const sheet = { compliant: '  ', nonCompliant: 'Gap' };

  it('takes the sheet, then the file, then the project, then the product default', () => {
    const levels = { sheet, file, project };
    expect(complianceText('COMPLIANT', levels)).toBe('Meets'); // blank sheet text falls through
    expect(complianceText('NON-COMPLIANT', levels)).toBe('Gap');
    expect(complianceText('PARTIALLY-COMPLIANT', levels)).toBe(DEFAULT_WORDING.partiallyCompliant);
    expect(complianceText('NOT-APPLICABLE', { project })).toBe('Not Applicable');
    expect(complianceText('COMPLIANT', { project })).toBe('Yes');
  });

  it('has no wording for an incomplete question', () => {
    expect(complianceText('INCOMPLETE', { project })).toBe('');
  });
});
