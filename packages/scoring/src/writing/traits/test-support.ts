/** What the trait tests share: the profile they score under, its specs, and made-up answers. */
import { getTypeScoring, scoringProfiles, type TraitId, type TraitSpec } from '@ninety/contract';
import type { LanguageCheck } from '../language-check';

export const profile = scoringProfiles['pte-2025-08'];
export const rubric = profile.writing;
export const spec = (type: 'SWT' | 'WE' | 'SST', trait: TraitId): TraitSpec => {
  const found = getTypeScoring(type, profile).traits.find((candidate) => candidate.trait === trait);
  if (!found) throw new Error(`${type} has no ${trait}`);
  return found;
};
export const words = (count: number) =>
  `Cities ${Array.from({ length: count - 2 }, () => 'cities').join(' ')} grow.`;

export const misspelt = (count: number): LanguageCheck => ({
  misspellings: Array.from({ length: count }, (_, index) => ({
    start: index * 6,
    end: index * 6 + 5,
    text: 'recieve',
    suggestions: ['receive'],
  })),
  issues: [],
});

export const issues = (kind: string, count: number): LanguageCheck => ({
  misspellings: [],
  issues: Array.from({ length: count }, (_, index) => ({
    start: index,
    end: index + 1,
    text: 'x',
    kind,
    message: 'message',
  })),
});

export const ESSAY = `Many people believe that online courses will replace classrooms. In my opinion, this view is too simple, although technology is changing education.

Admittedly, online learning is flexible. Students can study at their own pace, which helps those who work. For example, a nurse can take evening lessons.

However, classrooms offer interaction that a screen cannot. Teachers notice confusion and respond at once, rephrasing an explanation or drawing a diagram on the board until every student in the room has understood the idea. Furthermore, practical subjects such as surgery must be practised in person.

In conclusion, online courses should be seen as a complement. Schools would benefit from a blended model.`;
