/**
 * Answer templates: starting points for a first answer, one chip each. Choosing one sets the answer
 * text and the classification together (spec 002 §2.1). They are deliberately plain: the writer
 * replaces the bracketed parts with the facts of the control in question.
 */
import type { Classification } from '@shared/schemas/question';

export interface AnswerTemplate {
  id: string;
  /** The chip's label. */
  label: string;
  classification: Exclude<Classification, 'INCOMPLETE'>;
  answer: string;
}

export const ANSWER_TEMPLATES: readonly AnswerTemplate[] = [
  {
    id: 'yes-policy',
    label: 'Yes, documented policy',
    classification: 'COMPLIANT',
    answer:
      'Yes. This is covered by our [policy name], which is approved by [owner] and reviewed at least annually. ' +
      'The control is in operation across [scope] and evidence is available on request.',
  },
  {
    id: 'yes-audited',
    label: 'Yes, independently audited',
    classification: 'COMPLIANT',
    answer:
      'Yes. This control is in place and was assessed as part of our most recent [SOC 2 Type II / ISO 27001] audit, ' +
      'completed in [month year]. The report can be shared under NDA.',
  },
  {
    id: 'partial-in-progress',
    label: 'Partly, work in progress',
    classification: 'PARTIALLY-COMPLIANT',
    answer:
      'Partially. [Describe what is in place today]. We are extending this to [remaining scope], ' +
      'with completion planned for [quarter year]. In the meantime, [compensating control] mitigates the risk.',
  },
  {
    id: 'partial-compensating',
    label: 'Partly, compensating control',
    classification: 'PARTIALLY-COMPLIANT',
    answer:
      'Partially. We do not meet this requirement exactly as written; instead we [describe the alternative control], ' +
      'which addresses the same risk. We are happy to discuss the approach in more detail.',
  },
  {
    id: 'no-planned',
    label: 'No, on our roadmap',
    classification: 'NON-COMPLIANT',
    answer:
      'No. This control is not currently in place. It is on our security roadmap for [quarter year], ' +
      'and we will confirm once it has been implemented.',
  },
  {
    id: 'no-risk-accepted',
    label: 'No, risk assessed',
    classification: 'NON-COMPLIANT',
    answer:
      'No. We have assessed this requirement against our environment and accepted the risk because [reason]. ' +
      'The decision is recorded in our risk register and reviewed [frequency].',
  },
  {
    id: 'na-scope',
    label: 'Not applicable, out of scope',
    classification: 'NOT-APPLICABLE',
    answer:
      'Not applicable. The service in scope does not [process / store / provide] [the subject of the question], ' +
      'so this requirement does not apply.',
  },
  {
    id: 'na-provider',
    label: 'Not applicable, handled by provider',
    classification: 'NOT-APPLICABLE',
    answer:
      'Not applicable to us directly. This is the responsibility of our [hosting / cloud] provider, [provider name], ' +
      'whose independent attestation covers it; a copy can be provided on request.',
  },
];
