import { z } from 'zod';
import { AttemptResultSchema } from '../attempts';
import { ItemTypeCodeSchema, SectionSchema } from '../item-types/catalogue';
import { ItemAnswerSchema } from '../items';
import { MockKindSchema } from './blueprint';
import { PaperItemTimingSchema } from './paper';
import { MockScoreReportSchema } from './report';

/**
 * The mock-exam API (issue 13), everything under `/api/mock/…`. A walk-through with the states and
 * the clock rules is in docs/mock-exams.md. The server owns the clock: every response carries
 * `serverNow` and the current item's `deadline`, and the page counts down from
 * `remainingSeconds`, never from its own idea of when the item began.
 */

/** A paper may be resumed for this long after it was started; after that it is discarded. */
export const MOCK_RESUME_HOURS = 72;

/**
 * An answer sent this long after its deadline is still taken: the recording is uploaded after the
 * answer time ends (a 2-minute WAV is ~4 MB, half a minute on a slow phone connection); later, the
 * server has already submitted what was saved.
 */
export const MOCK_SUBMIT_GRACE_SECONDS = 30;

/** The largest typed answer or draft accepted (an essay is ≤ 300 words; JSON of any type fits). */
export const MOCK_ANSWER_MAX_BYTES = 32_000;

/** The unguessable id of a paper: in every URL, the owner's and the public report's. */
export const MockPaperIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,40}$/, '试卷编号格式不对')
  .describe('试卷编号（不可猜测，亦用于公开的成绩单链接）');

export const MockPaperParamsSchema = z.object({ paperId: MockPaperIdSchema });
export const MockItemParamsSchema = z.object({
  paperId: MockPaperIdSchema,
  index: z.coerce.number().int().min(0).max(199).describe('题目在整卷中的序号（从 0 起）'),
});

// ── Blueprints ──────────────────────────────────────────────────────────────────────────────

export const MockBlueprintPartSummarySchema = z.object({
  id: z.string(),
  section: SectionSchema,
  titleEn: z.string(),
  titleZh: z.string(),
  itemCount: z.int().min(0),
  /** The part's shared timer; null when every item keeps its own clock. */
  sectionMinutes: z.int().min(0).nullable(),
});

export const MockBlueprintSummarySchema = z
  .object({
    id: z.string(),
    version: z.int().min(1),
    kind: MockKindSchema,
    nameZh: z.string(),
    nameEn: z.string(),
    descriptionZh: z.string(),
    itemCount: z.int().min(0),
    /** The longest the paper can take, rounded up to minutes. */
    estimatedMinutes: z.int().min(0),
    parts: z.array(MockBlueprintPartSummarySchema),
  })
  .meta({ id: 'MockBlueprintSummary', description: '可选的模考试卷类型' });
export type MockBlueprintSummary = z.infer<typeof MockBlueprintSummarySchema>;

export const MockBlueprintListSchema = z
  .object({ list: z.array(MockBlueprintSummarySchema) })
  .meta({ id: 'MockBlueprintList', description: '可选的模考试卷类型' });
export type MockBlueprintList = z.infer<typeof MockBlueprintListSchema>;

// ── Starting and sitting a paper ────────────────────────────────────────────────────────────

export const StartMockBodySchema = z
  .object({ blueprintId: z.string().min(1).max(60).describe('试卷类型，如 full-mock') })
  .meta({ id: 'StartMockBody', description: '开始一份模考' });
export type StartMockBody = z.infer<typeof StartMockBodySchema>;

/**
 * in_progress: being sat (resume it); scoring: finished, some items are still being scored;
 * ready: the report is ready; discarded: given up by the learner or abandoned past 72 h.
 */
export const MockPaperStatusSchema = z
  .enum(['in_progress', 'scoring', 'ready', 'discarded'])
  .meta({ id: 'MockPaperStatus', description: '试卷状态：作答中 / 评分中 / 已出分 / 已放弃' });
export type MockPaperStatus = z.infer<typeof MockPaperStatusSchema>;

/** Who ended an item: the learner's Next, the clock, or the learner finishing the paper early. */
export const MockSubmittedBySchema = z.enum(['learner', 'clock', 'finish']);
export type MockSubmittedBy = z.infer<typeof MockSubmittedBySchema>;

export const MockBlueprintRefSchema = z.object({
  id: z.string(),
  version: z.int().min(1),
  kind: MockKindSchema,
  nameZh: z.string(),
  nameEn: z.string(),
});
export type MockBlueprintRef = z.infer<typeof MockBlueprintRefSchema>;

export const MockProgressSchema = z.object({
  /** Items whose scoring has ended (scored, could not be scored, or unanswered). */
  done: z.int().min(0),
  total: z.int().min(0),
});
export type MockProgress = z.infer<typeof MockProgressSchema>;

export const MockStatePartSchema = z.object({
  id: z.string(),
  section: SectionSchema,
  titleEn: z.string(),
  titleZh: z.string(),
  /** The part's shared timer in seconds; null when every item keeps its own clock. */
  sectionSeconds: z.int().min(0).nullable(),
  /** Index (in the whole paper) of the part's first item, and how many it has. */
  firstIndex: z.int().min(0),
  itemCount: z.int().min(0),
});

/** One item of the paper outline: no content; which are done. */
export const MockStateItemSchema = z.object({
  index: z.int().min(0),
  partId: z.string(),
  type: ItemTypeCodeSchema,
  timing: PaperItemTimingSchema,
  submitted: z.boolean(),
  submittedBy: MockSubmittedBySchema.nullable(),
});

/** The item the learner is on: its content (never the key), its clock and what was saved. */
export const MockCurrentItemSchema = z.object({
  index: z.int().min(0),
  partId: z.string(),
  /** 1-based position inside the part ("n of N" on screen). */
  numberInPart: z.int().min(1),
  itemId: z.string(),
  type: ItemTypeCodeSchema,
  timing: PaperItemTimingSchema,
  /** The type's content schema, media as URLs; no answer key. */
  content: z.record(z.string(), z.unknown()),
  /** Which clock runs: the item's own or the part's section timer. */
  clock: z.enum(['item', 'section']),
  /** When the item (or the section) was first shown; its clock started then. */
  startedAt: z.iso.datetime(),
  /** When the clock runs out (item or section), by the server's clock. */
  deadline: z.iso.datetime(),
  /** Seconds left at `serverNow`; count down from this. */
  remainingSeconds: z.number().min(0),
  /** The last autosaved draft of a typed answer, as sent; null if none. */
  draft: z.unknown().nullable(),
  draftSavedAt: z.iso.datetime().nullable(),
});
export type MockCurrentItem = z.infer<typeof MockCurrentItemSchema>;

export const MockPaperStateSchema = z
  .object({
    id: MockPaperIdSchema,
    status: MockPaperStatusSchema,
    blueprint: MockBlueprintRefSchema,
    /** The server's time of this answer: use it (not the device clock) with `deadline`. */
    serverNow: z.iso.datetime(),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    /** Who finished the paper: the learner, or the clock (the last deadline passed). */
    finishedBy: z.enum(['learner', 'clock']).nullable(),
    /** An unfinished paper can be resumed until then; later it is discarded. */
    resumableUntil: z.iso.datetime(),
    itemCount: z.int().min(0),
    parts: z.array(MockStatePartSchema),
    items: z.array(MockStateItemSchema),
    /** The item to show; null once the paper is finished or discarded. */
    current: MockCurrentItemSchema.nullable(),
    /** Scoring of the submitted items (all items once finished). */
    progress: MockProgressSchema,
  })
  .meta({
    id: 'MockPaperState',
    description: '模考试卷当前状态（续考用：当前题、服务器计时、已保存的作答）',
  });
export type MockPaperState = z.infer<typeof MockPaperStateSchema>;

export const MockDraftBodySchema = z
  .object({
    answer: z.unknown().describe('当前作答，结构同提交时（见 BlanksAnswer、ChoiceAnswer 等）'),
  })
  .meta({ id: 'MockDraftBody', description: '自动保存当前题的作答草稿' });
export type MockDraftBody = z.infer<typeof MockDraftBodySchema>;

export const MockDraftSavedSchema = z
  .object({
    index: z.int().min(0),
    savedAt: z.iso.datetime(),
    serverNow: z.iso.datetime(),
    deadline: z.iso.datetime(),
    remainingSeconds: z.number().min(0),
  })
  .meta({ id: 'MockDraftSaved', description: '草稿已保存' });
export type MockDraftSaved = z.infer<typeof MockDraftSavedSchema>;

export const MockAnswerBodySchema = z
  .object({ answer: z.unknown().describe('作答，结构随题型（见 BlanksAnswer、ChoiceAnswer 等）') })
  .meta({ id: 'MockAnswerBody', description: '提交当前题的作答（文字或选项）' });
export type MockAnswerBody = z.infer<typeof MockAnswerBodySchema>;

export const MockUploadedRecordingBodySchema = z
  .object({
    key: z
      .string()
      .min(1)
      .max(400)
      .describe('录音上传完成后的对象键（uploads/{用户}/mock-recording/…，上传组件返回的 key）'),
  })
  .meta({
    id: 'MockUploadedRecordingBody',
    description: '提交当前口语题的录音：引用已通过分片上传完成的录音（16 kHz 单声道 WAV）',
  });
export type MockUploadedRecordingBody = z.infer<typeof MockUploadedRecordingBodySchema>;

// ── Records ─────────────────────────────────────────────────────────────────────────────────

export const MockRecordSchema = z
  .object({
    id: MockPaperIdSchema,
    status: MockPaperStatusSchema,
    blueprint: MockBlueprintRefSchema,
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    resumableUntil: z.iso.datetime(),
    /** Items submitted so far (in progress), of `itemCount`. */
    answered: z.int().min(0),
    itemCount: z.int().min(0),
    progress: MockProgressSchema,
    /** The overall estimate once ready; null before. */
    overall: z.int().min(10).max(90).nullable(),
  })
  .meta({ id: 'MockRecord', description: '我的模考记录' });
export type MockRecord = z.infer<typeof MockRecordSchema>;

export const MockRecordListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(20),
});

export const MockRecordListSchema = z
  .object({
    list: z.array(MockRecordSchema),
    total: z.int().min(0),
    page: z.int().min(1),
    perPage: z.int().min(1),
  })
  .meta({ id: 'MockRecordList', description: '我的模考记录（新的在前，不含已放弃的）' });
export type MockRecordList = z.infer<typeof MockRecordListSchema>;

// ── Report and analysis (public by the paper id) ────────────────────────────────────────────

/**
 * scored: has a result; unscored: scoring failed for good (excluded from the scores, never 0 or
 * 10) or the type is not scored (PI); unanswered: nothing was given (counts as the lowest);
 * scoring: its job has not ended yet.
 */
export const MockItemOutcomeStatusSchema = z.enum(['scored', 'unscored', 'unanswered', 'scoring']);
export type MockItemOutcomeStatus = z.infer<typeof MockItemOutcomeStatusSchema>;

export const MockReportItemSchema = z.object({
  index: z.int().min(0),
  partId: z.string(),
  itemId: z.string(),
  type: ItemTypeCodeSchema,
  status: MockItemOutcomeStatusSchema,
  score: z.int().min(0).nullable(),
  max: z.int().min(0).nullable(),
  /** Why it could not be scored (Chinese), when `status` is unscored. */
  reasonZh: z.string().nullable(),
  timeSpentSeconds: z.int().min(0),
  submittedBy: MockSubmittedBySchema.nullable(),
});
export type MockReportItem = z.infer<typeof MockReportItemSchema>;

export const MockPartTimeSchema = z.object({
  partId: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  usedSeconds: z.int().min(0),
  /** The part's whole time budget (section timer plus every item clock). */
  limitSeconds: z.int().min(0),
});
export type MockPartTime = z.infer<typeof MockPartTimeSchema>;

const ScoreOrNull = z.int().min(10).max(90).nullable();

export const MockComparisonEntrySchema = z.object({
  id: MockPaperIdSchema,
  finishedAt: z.iso.datetime(),
  blueprint: MockBlueprintRefSchema,
  overall: ScoreOrNull,
  speaking: ScoreOrNull,
  writing: ScoreOrNull,
  reading: ScoreOrNull,
  listening: ScoreOrNull,
});
export type MockComparisonEntry = z.infer<typeof MockComparisonEntrySchema>;

export const MockReportSchema = z
  .object({
    id: MockPaperIdSchema,
    status: MockPaperStatusSchema,
    blueprint: MockBlueprintRefSchema,
    /** The viewer is the paper's owner (signed in as them): answers and recordings are theirs. */
    isOwner: z.boolean(),
    /** The learner's nickname, never the phone number. */
    learnerName: z.string(),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    readyAt: z.iso.datetime().nullable(),
    progress: MockProgressSchema,
    /** Overall, four skills with ranges and the skills profile; null until ready. */
    scores: MockScoreReportSchema.nullable(),
    timeByPart: z.array(MockPartTimeSchema),
    items: z.array(MockReportItemSchema),
    /** The learner's earlier ready mocks, newest first (at most 10); empty for a public viewer. */
    previous: z.array(MockComparisonEntrySchema),
  })
  .meta({ id: 'MockReport', description: '模考成绩单（公开链接；本人可看到更多）' });
export type MockReport = z.infer<typeof MockReportSchema>;

export const MockItemAnalysisSchema = z
  .object({
    paperId: MockPaperIdSchema,
    index: z.int().min(0),
    itemCount: z.int().min(0),
    partId: z.string(),
    numberInPart: z.int().min(1),
    itemId: z.string(),
    type: ItemTypeCodeSchema,
    timing: PaperItemTimingSchema,
    /** The item as shown in the exam, media as URLs. */
    content: z.record(z.string(), z.unknown()),
    /** Key, sample answer and 解析. */
    answer: ItemAnswerSchema,
    status: MockItemOutcomeStatusSchema,
    /** The learner's typed or chosen answer; null for spoken items and unanswered ones. */
    learnerAnswer: z.unknown().nullable(),
    /** The learner's recording (a signed link): only for the owner, never in the public view. */
    recording: z.object({ url: z.string(), durationSeconds: z.number().min(0) }).nullable(),
    /** The stored result (verdicts, traits); null unless scored. */
    result: AttemptResultSchema.nullable(),
    score: z.int().min(0).nullable(),
    max: z.int().min(0).nullable(),
    reasonZh: z.string().nullable(),
    timeSpentSeconds: z.int().min(0),
    isOwner: z.boolean(),
    previousIndex: z.int().min(0).nullable(),
    nextIndex: z.int().min(0).nullable(),
  })
  .meta({ id: 'MockItemAnalysis', description: '模考单题解析（公开；录音仅本人可见）' });
export type MockItemAnalysis = z.infer<typeof MockItemAnalysisSchema>;
