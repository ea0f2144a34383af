import type { HighFrequency, ItemSummary, ItemTypeCode } from '@ninety/contract';

/** A list entry as the server sends it, with the given fields changed. */
export function buildSummary(
  fields: Partial<ItemSummary> & { type: ItemTypeCode; number: number },
): ItemSummary {
  return {
    id: `${fields.type.toLowerCase()}-${String(fields.number).padStart(4, '0')}`,
    title: `Item ${fields.number}`,
    difficulty: 3,
    topics: ['education'],
    updatedAt: '2026-11-01',
    isNew: false,
    isHighFrequency: false,
    isFull: true,
    practiceCount: 0,
    practised: false,
    practisedCount: 0,
    color: null,
    ...fields,
  };
}

/** A 高频 answer: RA and WFD groups for 2026-W47, with W46 one click away. */
export function buildHighFrequency(week = '2026-W47'): HighFrequency {
  return {
    week,
    currentWeek: '2026-W47',
    weeks: ['2026-W47', '2026-W46'],
    groups: [
      {
        code: 'RA',
        items: [
          buildSummary({
            type: 'RA',
            number: 1,
            title: 'Bees and pollination',
            isHighFrequency: true,
          }),
        ],
      },
      {
        code: 'WFD',
        items: [
          buildSummary({
            type: 'WFD',
            number: 4,
            title: 'Library opening hours',
            isHighFrequency: true,
          }),
        ],
      },
    ],
  };
}
