import type { Skill } from '@ninety/contract';
import { useQueries } from '@tanstack/react-query';
import { itemListQueryOptions, LIST_PAGE_SIZE } from '../../features/bank';
import { interleave, skillTypes } from './exercise-kind';
import { neighboursIn } from './item-sequence';
import type { ItemSequence } from './use-item-sequence';

/** How many items of each type a skill's mixed sequence takes (the first page of each list). */
const PER_TYPE = LIST_PAGE_SIZE;

/**
 * `exp/{skill}/{id}` (spec §5): previous / next through a mixed sequence of the skill's types —
 * the first item of each type, then the second of each… — each link staying on the skill's URL.
 */
export function useSkillSequence(skill: Skill | null, itemId: string): ItemSequence | null {
  const types = skill ? skillTypes(skill) : [];
  const lists = useQueries({
    queries: types.map((code) =>
      itemListQueryOptions({
        code,
        page: 1,
        perPage: PER_TYPE,
        updTopic: 0,
        isFull: 0,
        practiceStatus: 0,
        type: 1,
        color: '',
        hotSort: 0,
        isReal: 0,
        keyword: '',
      }),
    ),
  });
  if (!skill || lists.some((list) => !list.data)) return null;
  const mixed = interleave(lists.map((list) => list.data?.list ?? []));
  const here = neighboursIn(mixed, itemId);
  if (here.index < 0) return null;
  return {
    position: here.index + 1,
    total: mixed.length,
    previous: here.previous ? { item: here.previous, from: '', skill } : null,
    next: here.next ? { item: here.next, from: '', skill } : null,
  };
}
