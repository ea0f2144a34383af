import {
  MockSubmittedBySchema,
  type MockBlueprint,
  type MockBlueprintRef,
  type MockComparisonEntry,
  type MockCurrentItem,
  type MockItemOutcomeStatus,
  type MockPaper,
  type MockPaperState,
  type MockPartTime,
  type MockRecord,
  type MockReportItem,
  type MockScoreReport,
} from '@ninety/contract';
import { resumableUntil, slotsOf, type PaperSlot } from './mock-clock';
import type { MockItemRow, MockPaperRow } from './mock.repository';

/** What leaves the server about mock papers: never an item's key while the paper is sat. */

/** What a ready paper keeps as its report. */
export interface StoredReport {
  scores: MockScoreReport;
  timeByPart: MockPartTime[];
}

export function toBlueprintRef(blueprint: MockBlueprint): MockBlueprintRef {
  return {
    id: blueprint.id,
    version: blueprint.version,
    kind: blueprint.kind,
    nameZh: blueprint.nameZh,
    nameEn: blueprint.nameEn,
  };
}

/** The blueprint as stored with the paper when it was started. */
export function blueprintRefOf(row: MockPaperRow): MockBlueprintRef {
  const stored = (row.paper as { blueprint?: Partial<MockBlueprintRef> }).blueprint ?? {};
  return {
    id: row.blueprintId,
    version: row.blueprintVersion,
    kind: stored.kind ?? 'full',
    nameZh: stored.nameZh ?? row.blueprintId,
    nameEn: stored.nameEn ?? row.blueprintId,
  };
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

const submittedByOf = (item: MockItemRow | undefined) => {
  const parsed = MockSubmittedBySchema.safeParse(item?.submittedBy);
  return parsed.success ? parsed.data : null;
};

function progressOf(items: readonly MockItemRow[]) {
  return {
    done: items.filter((item) => ['scored', 'unscored', 'unanswered'].includes(item.scoring))
      .length,
    total: items.length,
  };
}

export function toPaperState(
  row: MockPaperRow,
  paper: MockPaper,
  items: readonly MockItemRow[],
  current: MockCurrentItem | null,
  now: Date,
): MockPaperState {
  return {
    id: row.publicId,
    status: row.status as MockPaperState['status'],
    blueprint: blueprintRefOf(row),
    serverNow: now.toISOString(),
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    finishedBy: row.finishedBy === 'learner' || row.finishedBy === 'clock' ? row.finishedBy : null,
    resumableUntil: resumableUntil(row.createdAt).toISOString(),
    itemCount: paper.itemCount,
    parts: paper.parts.map((part) => ({
      id: part.id,
      section: part.section,
      titleEn: part.titleEn,
      titleZh: part.titleZh,
      sectionSeconds: part.sectionSeconds,
      firstIndex: part.items[0]?.index ?? 0,
      itemCount: part.items.length,
    })),
    items: slotsOf(paper).map((slot) => {
      const item = items[slot.index];
      return {
        index: slot.index,
        partId: slot.part.id,
        type: slot.item.type,
        timing: slot.item.timing,
        submitted: Boolean(item?.submittedAt),
        submittedBy: submittedByOf(item),
      };
    }),
    current,
    progress: progressOf(items),
  };
}

export function toRecord(
  row: MockPaperRow,
  paper: MockPaper,
  counts: { submitted: number; done: number; total: number } | undefined,
): MockRecord {
  const report = row.report as { scores?: MockScoreReport } | null;
  return {
    id: row.publicId,
    status: row.status as MockRecord['status'],
    blueprint: blueprintRefOf(row),
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    resumableUntil: resumableUntil(row.createdAt).toISOString(),
    answered: counts?.submitted ?? 0,
    itemCount: paper.itemCount,
    progress: { done: counts?.done ?? 0, total: counts?.total ?? paper.itemCount },
    overall: report?.scores?.overall.score ?? null,
  };
}

export function toComparisonEntry(row: MockPaperRow): MockComparisonEntry {
  const scores = (row.report as { scores?: MockScoreReport } | null)?.scores;
  return {
    id: row.publicId,
    finishedAt: (row.finishedAt ?? row.createdAt).toISOString(),
    blueprint: blueprintRefOf(row),
    overall: scores?.overall.score ?? null,
    speaking: scores?.skills.speaking.score ?? null,
    writing: scores?.skills.writing.score ?? null,
    reading: scores?.skills.reading.score ?? null,
    listening: scores?.skills.listening.score ?? null,
  };
}

function statusOf(item: MockItemRow | undefined): MockItemOutcomeStatus {
  switch (item?.scoring) {
    case 'scored':
    case 'unscored':
    case 'unanswered':
      return item.scoring;
    case 'scoring':
    case 'deferred':
      return 'scoring';
    default:
      // Not submitted: only possible while the paper is sat, when no report is shown.
      return 'unanswered';
  }
}

export function toReportItem(slot: PaperSlot, item: MockItemRow | undefined): MockReportItem {
  const status = statusOf(item);
  return {
    index: slot.index,
    partId: slot.part.id,
    itemId: slot.item.itemId,
    type: slot.item.type,
    status,
    score: status === 'scored' ? (item?.score ?? null) : null,
    max: status === 'scored' ? (item?.max ?? null) : null,
    reasonZh: status === 'unscored' ? (item?.reasonZh ?? null) : null,
    timeSpentSeconds: item?.timeSpentSeconds ?? 0,
    submittedBy: submittedByOf(item),
  };
}
