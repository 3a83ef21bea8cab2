import { LANGUAGES, type Language } from '@paddock/rules';
import glossary from './glossary.json';
import { resources } from '../../test/catalogues';

type Catalogue = { [key: string]: string | Catalogue };
interface Usage {
  word: string;
  stem?: string;
  forbidden: string[];
  except?: string[];
}
type Concept = { meaning: string; keys: string[] } & Record<Language, Usage>;

const concepts = Object.entries(glossary.concepts as Record<string, Concept>);

function flatten(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );
}

/** The word alone, not inside another one nor inside a {{placeholder}}. */
const wholeWord = (word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}{])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}}])`, 'iu');

const cases = LANGUAGES.flatMap((language) =>
  concepts.map(([name, concept]) => [language, name, concept] as const),
);

describe('the glossary (issue 23)', () => {
  it.each(cases)('%s never names %s by a forbidden synonym', (language, _name, concept) => {
    const usage = concept[language];
    const texts = flatten(resources[language].translation).filter(([key]) => !usage.except?.includes(key));
    const found = usage.forbidden.flatMap((synonym) =>
      texts
        .filter(([, text]) => wholeWord(synonym).test(text))
        .map(([key, text]) => `${key}: ${text} (${synonym})`),
    );
    expect(found).toEqual([]);
  });

  it.each(cases)('%s names %s by its word where the glossary lists it', (language, _name, concept) => {
    const texts = new Map(flatten(resources[language].translation));
    const usage = concept[language];
    const stem = (usage.stem ?? usage.word).toLocaleLowerCase(language);
    const off = concept.keys.filter((key) => !texts.get(key)?.toLocaleLowerCase(language).includes(stem));
    expect(off.map((key) => `${key}: ${texts.get(key)}`)).toEqual([]);
  });

  it('gives every concept a word in every language', () => {
    for (const [, concept] of concepts)
      for (const language of LANGUAGES) expect(concept[language].word).toBeTruthy();
  });
});
