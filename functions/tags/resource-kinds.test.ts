import { describe, expect, it } from 'vitest';
import { inLabelOrder, labelKeyOf } from './resource-kinds';

describe('labelKeyOf', () => {
  it('compares labels case-insensitively', () => {
    expect(labelKeyOf('SOC 2')).toBe(labelKeyOf('soc 2'));
    expect(labelKeyOf('Île-de-France')).toBe('île-de-france');
  });

  it('counts runs of white space as one and ignores the ends', () => {
    expect(labelKeyOf('  ISO \t 27001 ')).toBe('iso 27001');
  });

  it('folds compatibility forms (full-width letters) to the same key', () => {
    expect(labelKeyOf('ＧＤＰＲ')).toBe('gdpr');
  });

  it('keeps different labels apart', () => {
    expect(labelKeyOf('SOC 2')).not.toBe(labelKeyOf('SOC2'));
    expect(labelKeyOf('HIPAA')).not.toBe(labelKeyOf('HIPPA'));
  });
});

describe('inLabelOrder', () => {
  it('orders by label key as the sort key does (UTF-8 bytes), without changing its input', () => {
    const items = [{ labelKey: 'zeta' }, { labelKey: 'émigré' }, { labelKey: 'alpha' }, { labelKey: 'Beta' }];
    expect(inLabelOrder(items).map((i) => i.labelKey)).toEqual(['Beta', 'alpha', 'zeta', 'émigré']);
    expect(items[0].labelKey).toBe('zeta');
  });

  it('puts characters outside the Basic Multilingual Plane after every other one, as DynamoDB does', () => {
    const items = [{ labelKey: '🔒 locked' }, { labelKey: '\uffe0 wide' }];
    expect(inLabelOrder(items).map((i) => i.labelKey)).toEqual(['\uffe0 wide', '🔒 locked']);
  });
});
