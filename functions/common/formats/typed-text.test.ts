import { describe, expect, it } from 'vitest';
import {
  checkboxOptions,
  chosenOption,
  onlyChooses,
  placeAnswer,
  splitTypedNumber,
  withoutAnswerLabel,
} from './typed-text';

describe('a question number typed before the text', () => {
  it('becomes the reference, and leaves the text', () => {
    const cases: Array<[string, string, string]> = [
      ['B.1 Describe your incident response process.', 'B.1', 'Describe your incident response process.'],
      ['1.2.3 Do you encrypt backups?', '1.2.3', 'Do you encrypt backups?'],
      ['1.2. Do you encrypt backups?', '1.2', 'Do you encrypt backups?'],
      ['3. Is MFA enforced?', '3', 'Is MFA enforced?'],
      ['4) Is MFA enforced?', '4', 'Is MFA enforced?'],
      ['IAM-08 Are access rights reviewed?', 'IAM-08', 'Are access rights reviewed?'],
      ['Q4: Who owns security?', 'Q4', 'Who owns security?'],
      ['a. Which cloud providers do you use?', 'a', 'Which cloud providers do you use?'],
      ['(b) Which regions?', 'b', 'Which regions?'],
    ];
    for (const [text, reference, question] of cases)
      expect(splitTypedNumber(text), text).toEqual({ reference, text: question });
  });

  it('leaves text that only starts with a number or a word with digits', () => {
    for (const text of [
      '10 employees or more: do you run background checks?',
      'AES256 keys: where are they held?',
      'ISO27001 certified?',
      'A firewall protects every network?',
      'Do you log access?',
      '2FA for every administrator?',
    ])
      expect(splitTypedNumber(text), text).toEqual({ text });
  });
});

describe("an answer place's label", () => {
  it('is never part of the answer', () => {
    const cases: Array<[string, string]> = [
      ['Answer:', ''],
      ['Response: ', ''],
      ['Vendor response:', ''],
      ['Reply', ''],
      ['Answer: Yes, reviewed every quarter.', 'Yes, reviewed every quarter.'],
      ['Response - AES-256 at rest.', 'AES-256 at rest.'],
    ];
    for (const [text, answer] of cases) expect(withoutAnswerLabel(text), text).toBe(answer);
  });

  it('leaves an answer that only starts with such a word', () => {
    for (const text of ['Responses to incidents are logged.', 'Yes, answered in our SOC 2 report.', ''])
      expect(withoutAnswerLabel(text), text).toBe(text);
  });
});

describe('checkbox answer places', () => {
  it('import as their marked options, a label or a line to write on holding none', () => {
    // Prepare
    const cases: Array<[string, string]> = [
      ['☐ Yes ☒ No ☐ N/A', 'No'],
      ['Response: ☑ Yes ☐ No', 'Yes'],
      ['☐ Yes ☐ No', ''],
      ['Answer: ________', ''],
      ['Answer: Yes, yearly.', 'Yes, yearly.'],
      ['☐ only one box', '☐ only one box'],
    ];

    // Act
    const imported = cases.map(([text]) => placeAnswer(text));

    // Assess
    expect(imported).toEqual(cases.map(([, answer]) => answer));
  });

  it('choose the option an answer or a compliance wording names', () => {
    // Prepare
    const options = checkboxOptions('☐ Yes ☐ No ☐ Not applicable');

    // Act
    const chosen = [
      'Yes',
      'yes.',
      'Yes, every year.',
      'Compliant',
      'Non-Compliant',
      'N/A',
      'Not applicable',
      'Maybe',
    ].map((answer) => options[chosenOption(options, answer)]?.label);

    // Assess
    expect(chosen).toEqual(['Yes', 'Yes', 'Yes', 'Yes', 'No', 'Not applicable', 'Not applicable', undefined]);
    expect(onlyChooses('Yes', 'Compliant')).toBe(true);
    expect(onlyChooses('Yes', 'Yes, every year.')).toBe(false);
  });
});
