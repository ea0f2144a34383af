import {
  MOCK_RESUME_HOURS,
  MOCK_SUBMIT_GRACE_SECONDS,
  type MockPaper,
  type PaperItem,
  type PaperPart,
} from '@ninety/contract';

/**
 * The server's clock of a paper (docs/mock-exams.md §Clock rules), pure: where each item's
 * deadline lies, given when the item was shown and when its part's section timer started.
 * Nothing runs on a timer: every request works out from these what the clock has already done.
 */

export interface PaperSlot {
  index: number;
  part: PaperPart;
  item: PaperItem;
  /** 1-based position inside the part. */
  numberInPart: number;
}

export function slotsOf(paper: MockPaper): PaperSlot[] {
  return paper.parts.flatMap((part) =>
    part.items.map((item, position) => ({
      index: item.index,
      part,
      item,
      numberInPart: position + 1,
    })),
  );
}

/** Part id → ISO time its section timer runs out. */
export type SectionDeadlines = Record<string, string>;

export function usesSectionClock(slot: PaperSlot): boolean {
  return slot.item.timing.timer === 'section' && slot.part.sectionSeconds !== null;
}

/**
 * When the slot's clock runs out: its own clock from when it was shown, or its part's section
 * timer; null while neither has started (the item has not been shown).
 */
export function deadlineOf(
  slot: PaperSlot,
  shownAt: Date | null,
  sections: SectionDeadlines,
): Date | null {
  if (usesSectionClock(slot)) {
    const section = sections[slot.part.id];
    return section ? new Date(section) : null;
  }
  if (!shownAt) return null;
  return new Date(shownAt.getTime() + (slot.item.timing.itemSeconds ?? 0) * 1000);
}

/** A submit is taken until the deadline plus the grace (the recording travels after the end). */
export function isPastGrace(deadline: Date, now: Date): boolean {
  return now.getTime() > deadline.getTime() + MOCK_SUBMIT_GRACE_SECONDS * 1000;
}

/** The section deadline a part gets when its first section-timed item is shown at `now`. */
export function sectionDeadlineFrom(part: PaperPart, now: Date): string {
  return new Date(now.getTime() + (part.sectionSeconds ?? 0) * 1000).toISOString();
}

export function resumableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + MOCK_RESUME_HOURS * 3600 * 1000);
}

/** Whole seconds between two instants, never negative. */
export function secondsBetween(from: Date | null, to: Date | null): number {
  if (!from || !to) return 0;
  return Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
}

/** A part's whole time budget: its section timer plus every item clock. */
export function partLimitSeconds(part: PaperPart): number {
  return Math.round(
    (part.sectionSeconds ?? 0) +
      part.items.reduce((sum, item) => sum + (item.timing.itemSeconds ?? 0), 0),
  );
}
