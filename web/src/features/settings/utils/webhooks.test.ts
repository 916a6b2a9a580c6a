import { WEBHOOK_EVENT_TYPES } from '@shared/webhook-events';
import { describe, expect, it } from 'vitest';
import { deliveryState, endpointState, eventLabel, eventsSummary } from './webhooks';

describe('webhook labels', () => {
  it('names an endpoint’s state', () => {
    expect(endpointState({ enabled: true, disabledReason: null, failingSince: null }).label).toBe('Active');
    expect(
      endpointState({ enabled: true, disabledReason: null, failingSince: '2026-12-07T00:00:00Z' }).label,
    ).toBe('Failing');
    expect(endpointState({ enabled: false, disabledReason: 'Paused', failingSince: null }).label).toBe(
      'Paused',
    );
    expect(
      endpointState({
        enabled: false,
        disabledReason: 'Turned off after failing for 24 hours',
        failingSince: 'x',
      }).label,
    ).toBe('Turned off');
  });
  it('names deliveries and events', () => {
    expect(deliveryState('SUCCEEDED')).toEqual({ label: 'Delivered', color: 'teal' });
    expect(eventLabel('webhook.test')).toBe('Test event');
    expect(eventLabel('quiz.answered')).toBe('Quiz answered');
    expect(eventsSummary([...WEBHOOK_EVENT_TYPES])).toBe('All events');
    expect(eventsSummary(['project.created'])).toBe('Project created');
    expect(eventsSummary(['project.created', 'quiz.answered'])).toBe('2 events');
  });
});
