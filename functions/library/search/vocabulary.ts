/**
 * The security and compliance vocabulary: each group lists ways questionnaires say the same thing
 * (abbreviations, spelled-out forms, common phrasings). The analyzer maps every form to the group's
 * concept token in place of its words, so "2FA" finds "multi-factor authentication" and "pen test"
 * finds "penetration testing". Written from the field's usage, topic by topic of the library and
 * then questionnaire family by family (SIG and CAIQ controls, HECVAT, VSAQ, ISO 27001 Annex A and
 * NIST, short spreadsheet cells, procurement and privacy due diligence in plain English), by people
 * who had not seen the evaluation sets; a few forms were added for misses on the tuning sets.
 * Phrases match on words without their inflection, so plurals and tenses match; determiners between
 * a phrase's words are skipped. A group holds one meaning: a form that also means something else
 * ("provisioning" in "provision of services") would hide that word, so it is left out.
 *
 * The groups are data, in vocabulary.json (by topic), read once when the module loads: from beside
 * this file in the source tree, and from beside the bundle's index.mjs in a Lambda (lib/bundling.ts
 * copies it there), so the 200 kB of phrases are not JavaScript to parse on every cold start.
 */
import { readFileSync } from 'node:fs';

/** The file's name; lib/bundling.ts ships it beside every bundle. */
export const VOCABULARY_FILE = 'vocabulary.json';

interface VocabularySection {
  /** The topic the groups were written under. */
  section: string;
  groups: string[][];
}

function loadVocabulary(): ReadonlyArray<readonly string[]> {
  const sections = JSON.parse(
    readFileSync(new URL(`./${VOCABULARY_FILE}`, import.meta.url), 'utf8'),
  ) as VocabularySection[];
  return sections.flatMap((section) => section.groups);
}

let loaded: ReadonlyArray<readonly string[]> | null = null;

/** The vocabulary's groups, read on first use (a cold start that does not search never reads it). */
export const vocabulary = (): ReadonlyArray<readonly string[]> => {
  loaded ??= loadVocabulary();
  return loaded;
};
