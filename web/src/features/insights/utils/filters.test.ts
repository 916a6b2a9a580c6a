import { INSIGHTS_MESSAGES, InsightsFilter } from '@shared/schemas/insights';
import { describe, expect, it } from 'vitest';
import {
  ALL_INDUSTRIES,
  ALL_PROJECTS,
  defaultFilters,
  filtersProblem,
  isDefaultFilters,
  toInsightsRequest,
} from './filters';

describe('defaultFilters', () => {
  it('has no dates, all four classifications, every project and every industry', () => {
    expect(defaultFilters()).toEqual({
      answeredAfter: null,
      answeredBefore: null,
      complianceStatuses: ['COMPLIANT', 'NON-COMPLIANT', 'PARTIALLY-COMPLIANT', 'NOT-APPLICABLE'],
      projectId: ALL_PROJECTS,
      industryVertical: ALL_INDUSTRIES,
    });
    expect(isDefaultFilters(defaultFilters())).toBe(true);
  });

  it('is a fresh copy each time (Reset cannot be undone by a changed default)', () => {
    const first = defaultFilters();
    first.complianceStatuses.pop();
    expect(defaultFilters().complianceStatuses).toHaveLength(4);
  });
});

describe('toInsightsRequest', () => {
  it('sends the four classifications comma-joined and nothing else by default', () => {
    const body = toInsightsRequest(defaultFilters());
    expect(body).toEqual({
      complianceStatusList: 'COMPLIANT,NON-COMPLIANT,PARTIALLY-COMPLIANT,NOT-APPLICABLE',
    });
    expect(InsightsFilter.safeParse(body).success).toBe(true);
  });

  it('sends the dates, the chosen project and industry, and the ticked classifications in order', () => {
    const body = toInsightsRequest({
      answeredAfter: '2026-01-05',
      answeredBefore: '2026-03-31',
      complianceStatuses: ['NOT-APPLICABLE', 'COMPLIANT'],
      projectId: 'prj_123',
      industryVertical: 'Banking',
    });
    expect(body).toEqual({
      answeredAfter: '2026-01-05',
      answeredBefore: '2026-03-31',
      complianceStatusList: 'COMPLIANT,NOT-APPLICABLE',
      projectId: 'prj_123',
      industryVertical: 'Banking',
    });
    expect(InsightsFilter.safeParse(body).success).toBe(true);
  });

  it('leaves out unreadable dates and an empty classification list', () => {
    expect(
      toInsightsRequest({ ...defaultFilters(), answeredAfter: 'yesterday', complianceStatuses: [] }),
    ).toEqual({});
  });
});

describe('filtersProblem', () => {
  it('accepts the defaults and dates in order (the same day too)', () => {
    expect(filtersProblem(defaultFilters())).toBeNull();
    expect(
      filtersProblem({ ...defaultFilters(), answeredAfter: '2026-02-01', answeredBefore: '2026-02-01' }),
    ).toBeNull();
  });

  it('asks for a classification when none is ticked', () => {
    expect(filtersProblem({ ...defaultFilters(), complianceStatuses: [] })).toBe(
      'Choose at least one compliance status',
    );
  });

  it('refuses dates the wrong way round with the shared message', () => {
    expect(
      filtersProblem({ ...defaultFilters(), answeredAfter: '2026-02-02', answeredBefore: '2026-02-01' }),
    ).toBe(INSIGHTS_MESSAGES.badOrder);
  });
});

describe('isDefaultFilters', () => {
  it('is false once anything is changed', () => {
    expect(isDefaultFilters({ ...defaultFilters(), projectId: 'p1' })).toBe(false);
    expect(isDefaultFilters({ ...defaultFilters(), complianceStatuses: ['COMPLIANT'] })).toBe(false);
    expect(isDefaultFilters({ ...defaultFilters(), answeredBefore: '2026-01-01' })).toBe(false);
  });
});
