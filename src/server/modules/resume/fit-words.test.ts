import { describe, expect, it } from 'vitest';
import { fitFor, fitWords } from './fit-words.js';

const resume = {
  skills: [
    { name: 'Swimming', level: 'expert' as const },
    { name: 'Kathakali', level: 'good' as const },
  ],
  languages: [{ name: 'Hindi', level: 'fluent' as const }],
};

describe('fit words of a résumé', () => {
  it('says each language and skill as a fit reason does', () => {
    expect(fitWords(resume)).toEqual(['Fluent Hindi', 'Swimming: expert', 'Kathakali: good']);
  });

  it('matches what a role wants ignoring case and accents, and names what is missing as the role wrote it', () => {
    expect(fitFor(resume, { skills: ['SWIMMING', 'kathakalí', 'Fencing'], languages: ['hindi', 'Tamil'] })).toEqual({
      matches: ['Fluent Hindi', 'Swimming: expert', 'Kathakali: good'],
      missing: ['Tamil', 'Fencing'],
    });
  });
});
