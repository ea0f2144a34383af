import { z } from 'zod';
import { itemTypes, type ChoiceRule, type CountRange, type ItemTypeCode } from './catalogue';
import {
  blankMarker,
  blankMarkerProblems,
  containsPhrase,
  countSentences,
  countWords,
  findBlanks,
  isOneSentence,
  optionLetter,
} from './text';

/**
 * Building blocks of the per-type content and answer-key schemas, and the checks they share.
 *
 * Conventions:
 * - `content` is what the learner may see or hear while answering, so the API can send it before
 *   the answer; `key` is what stays hidden until then: answers, sample answers, and transcripts of
 *   audio the learner must not read.
 * - Blanks are written `{{1}}`, `{{2}}`… in reading order (see text.ts); keys name them by number.
 * - Options and reorder paragraphs have the ids `A`, `B`, `C`… in display order, so an
 *   explanation's "选项 B" always matches the screen.
 * - Checks report English messages with the field path, for authors running the content import.
 */

export type ProblemPath = (string | number)[];
export type Report = (path: ProblemPath, message: string) => void;

/** The part of zod's refinement context the checks use. */
interface IssueSink {
  addIssue(issue: { code: 'custom'; path: ProblemPath; message: string }): void;
}

/** Adapts a check written against `Report` to a zod `superRefine` callback. */
export function refineWith<T>(check: (value: T, report: Report) => void) {
  return (value: T, ctx: IssueSink): void =>
    check(value, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
}

/** Non-blank text; surrounding whitespace is trimmed. */
export const text = () => z.string().trim().min(1, 'must not be empty');

const MEDIA_PATH = '[a-z0-9][a-z0-9._-]*(?:/[a-z0-9][a-z0-9._-]*)*';

/**
 * A media file path relative to the content media root (`content/media/`): lower-case segments,
 * no leading slash, no `..`, so the same path works on disk, in object storage and behind a CDN.
 */
const mediaPath = (extensions: readonly string[]) =>
  z
    .string()
    .regex(
      new RegExp(`^${MEDIA_PATH}\\.(?:${extensions.join('|')})$`),
      `must be a relative lower-case path ending in .${extensions.join(', .')}`,
    );

export const AUDIO_EXTENSIONS = ['mp3', 'm4a', 'ogg', 'opus'] as const;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'svg'] as const;

export const AudioRefSchema = z
  .strictObject({
    src: mediaPath(AUDIO_EXTENSIONS).describe('音频相对路径，如 audio/rs/rs-0001.mp3'),
    // Seconds, not milliseconds: the ceiling catches a duration written in ms.
    durationSeconds: z.number().positive().max(600).describe('时长（秒）'),
    voice: text().optional().describe('合成语音的音色名'),
  })
  .meta({ id: 'AudioRef', description: '题目音频' });
export type AudioRef = z.infer<typeof AudioRefSchema>;

export const ImageRefSchema = z
  .strictObject({
    src: mediaPath(IMAGE_EXTENSIONS).describe('图片相对路径，如 images/di/di-0001.png'),
    width: z.int().positive().describe('像素宽度'),
    height: z.int().positive().describe('像素高度'),
    alt: text().describe('替代文字（中文或英文）'),
  })
  .meta({ id: 'ImageRef', description: '题目图片' });
export type ImageRef = z.infer<typeof ImageRefSchema>;

const AxisSchema = z.strictObject({
  label: text().describe('坐标轴标题'),
  unit: text().optional().describe('单位，如 %、million tonnes'),
});

const SeriesSchema = z.strictObject({
  name: text().describe('数据系列名称（图例）'),
  values: z.array(z.number()).min(1).describe('与 categories 一一对应的数值'),
});

export function checkUnique(
  values: readonly string[],
  path: ProblemPath,
  what: string,
  report: Report,
) {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    const normalized = value.trim().toLowerCase();
    if (seen.has(normalized)) report([...path, index], `duplicate ${what} "${value}"`);
    seen.add(normalized);
  });
}

/** Bar and line charts share a shape: categories along x, one value per category in each series. */
const seriesChart = <K extends 'bar' | 'line'>(kind: K) =>
  z
    .strictObject({
      kind: z.literal(kind),
      title: text(),
      xAxis: AxisSchema,
      yAxis: AxisSchema,
      categories: z.array(text()).min(1).describe('横轴各点，如年份'),
      series: z.array(SeriesSchema).min(1),
      orientation: z.enum(['vertical', 'horizontal']).optional(),
    })
    .superRefine(
      refineWith((chart, report) => {
        checkUnique(chart.categories, ['categories'], 'category', report);
        checkUnique(
          chart.series.map((series) => series.name),
          ['series'],
          'series name',
          report,
        );
        chart.series.forEach((series, index) => {
          if (series.values.length !== chart.categories.length) {
            report(
              ['series', index, 'values'],
              `has ${series.values.length} values for ${chart.categories.length} categories`,
            );
          }
        });
      }),
    );

const PieChartSchema = z
  .strictObject({
    kind: z.literal('pie'),
    title: text(),
    unit: text().optional(),
    slices: z.array(z.strictObject({ label: text(), value: z.number().min(0) })).min(2),
  })
  .superRefine(
    refineWith((chart, report) => {
      checkUnique(
        chart.slices.map((slice) => slice.label),
        ['slices'],
        'slice label',
        report,
      );
      const total = chart.slices.reduce((sum, slice) => sum + slice.value, 0);
      // Rounded percentages may miss 100 by a point, not more.
      if (chart.unit === '%' && Math.abs(total - 100) > 1) {
        report(['slices'], `percentages add up to ${total}, not 100`);
      }
    }),
  );

const TableChartSchema = z
  .strictObject({
    kind: z.literal('table'),
    title: text(),
    unit: text().optional(),
    rowHeader: text().describe('首列表头'),
    columns: z.array(text()).min(1).describe('数据列表头'),
    rows: z
      .array(z.strictObject({ label: text(), cells: z.array(z.union([z.number(), text()])) }))
      .min(1),
  })
  .superRefine(
    refineWith((chart, report) => {
      chart.rows.forEach((row, index) => {
        if (row.cells.length !== chart.columns.length) {
          report(
            ['rows', index, 'cells'],
            `has ${row.cells.length} cells for ${chart.columns.length} columns`,
          );
        }
      });
    }),
  );

const labelledParts = z.array(z.strictObject({ label: text(), detail: text().optional() }));

const ProcessChartSchema = z.strictObject({
  kind: z.literal('process'),
  title: text(),
  steps: labelledParts.min(2).describe('按顺序排列的步骤'),
  isCycle: z.boolean().optional().describe('最后一步是否回到第一步'),
});

/** Where a place sits on a plan, in percent of the drawing's width and height from the top left. */
const planPercent = z.number().min(0).max(100);

const MapChartSchema = z.strictObject({
  kind: z.literal('map'),
  title: text(),
  places: z
    .array(
      z.strictObject({
        label: text(),
        detail: text().optional(),
        x: planPercent.describe('横向位置（0–100，左→右）'),
        y: planPercent.describe('纵向位置（0–100，上→下）'),
      }),
    )
    .min(1)
    .describe('图中标出的地点、说明及其在平面图上的位置'),
});

const PictureSchema = z.strictObject({
  kind: z.literal('picture'),
  title: text(),
  description: text().describe('画面内容描述（英文）'),
  elements: labelledParts.min(1).describe('画面中值得描述的元素'),
});

/**
 * The facts behind a Describe Image prompt. The image is drawn from these data, and the scorer
 * reads them to know what a good answer mentions.
 */
export const ChartDataSchema = z
  .discriminatedUnion('kind', [
    seriesChart('bar'),
    seriesChart('line'),
    PieChartSchema,
    TableChartSchema,
    ProcessChartSchema,
    MapChartSchema,
    PictureSchema,
  ])
  .meta({ id: 'ChartData', description: '描述图片题的图表数据' });
export type ChartData = z.infer<typeof ChartDataSchema>;
export type ChartKind = ChartData['kind'];

export const KeyPointSchema = z
  .strictObject({
    point: text().describe('要点（英文）'),
    keywords: z
      .array(text())
      .min(1)
      .describe('说明答到该要点的单词或短语，可含同义词；口语题用于关键词识别'),
  })
  .meta({ id: 'KeyPoint', description: '开放题要点' });
export type KeyPoint = z.infer<typeof KeyPointSchema>;

export const ChoiceOptionSchema = z
  .strictObject({
    id: z.string().regex(/^[A-H]$/, 'must be a capital letter A–H'),
    text: text(),
  })
  .meta({ id: 'ChoiceOption', description: '选项' });
export type ChoiceOption = z.infer<typeof ChoiceOptionSchema>;

/** The word limits and sentence rules of a type, read from the catalogue. */
export function limitsOf(type: ItemTypeCode) {
  return itemTypes[type].limits;
}

function requireLimit<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`catalogue has no ${what}`);
  return value;
}

export function promptMaxWords(type: ItemTypeCode): number {
  return requireLimit(limitsOf(type).promptMaxWords, `${type} prompt word limit`);
}

export function answerWords(type: ItemTypeCode): CountRange {
  return requireLimit(limitsOf(type).answerWords, `${type} answer word limits`);
}

export function choiceRule(type: ItemTypeCode): ChoiceRule {
  return requireLimit(limitsOf(type).choice, `${type} choice rule`);
}

export function checkMaxWords(value: string, max: number, path: ProblemPath, report: Report) {
  const words = countWords(value);
  if (words > max) report(path, `has ${words} words; at most ${max} are allowed`);
}

export function checkWordRange(
  value: string,
  range: CountRange,
  path: ProblemPath,
  report: Report,
) {
  const words = countWords(value);
  if (words < range.min || words > range.max) {
    report(path, `has ${words} words; it must have ${range.min}–${range.max}`);
  }
}

export function checkSentenceRange(
  value: string,
  range: CountRange,
  path: ProblemPath,
  report: Report,
) {
  const sentences = countSentences(value);
  if (sentences < range.min || sentences > range.max) {
    report(path, `has ${sentences} sentences; it must have ${range.min}–${range.max}`);
  }
}

export function checkOneSentence(value: string, path: ProblemPath, report: Report) {
  if (!isOneSentence(value)) {
    report(path, 'must be one sentence ending with a full stop, question or exclamation mark');
  }
}

/** Checks a text's blank markers and returns the blank numbers it holds. */
export function checkBlankMarkers(value: string, path: ProblemPath, report: Report): number[] {
  for (const problem of blankMarkerProblems(value)) report(path, problem);
  const blanks = findBlanks(value);
  if (blanks.length === 0) report(path, 'has no blank; mark each blank {{1}}, {{2}}, …');
  return blanks;
}

/**
 * Checks that a list of entries names each blank of the text exactly once: no entry for a blank
 * the text lacks, no blank without an entry. `where` names the text in messages.
 */
export function checkBlankEntries(
  blanks: readonly number[],
  entries: readonly { blank: number }[],
  path: ProblemPath,
  where: string,
  report: Report,
) {
  const present = new Set(blanks);
  const seen = new Set<number>();
  entries.forEach((entry, index) => {
    if (!present.has(entry.blank)) {
      report([...path, index, 'blank'], `${where} has no ${blankMarker(entry.blank)}`);
    } else if (seen.has(entry.blank)) {
      report([...path, index, 'blank'], `${blankMarker(entry.blank)} is listed twice`);
    }
    seen.add(entry.blank);
  });
  for (const blank of present) {
    if (!seen.has(blank)) report(path, `${blankMarker(blank)} in ${where} has no entry`);
  }
}

/** Options must be lettered A, B, C… in order, have distinct texts, and be as many as the rule says. */
export function checkOptions(
  options: readonly ChoiceOption[],
  rule: ChoiceRule,
  path: ProblemPath,
  report: Report,
) {
  const { min, max } = rule.options;
  if (options.length < min || options.length > max) {
    report(path, `has ${options.length} options; this type takes ${min}–${max}`);
  }
  options.forEach((option, index) => {
    if (option.id !== optionLetter(index)) {
      report(
        [...path, index, 'id'],
        `must be "${optionLetter(index)}" (options are A, B, C… in order)`,
      );
    }
  });
  checkUnique(
    options.map((option) => option.text),
    path,
    'option text',
    report,
  );
}

/** The correct ids must be options, distinct, one for single-answer types and two or more otherwise. */
export function checkCorrectOptions(
  correct: readonly string[],
  options: readonly ChoiceOption[],
  rule: ChoiceRule,
  path: ProblemPath,
  report: Report,
) {
  const ids = new Set(options.map((option) => option.id));
  correct.forEach((id, index) => {
    if (!ids.has(id)) report([...path, index], `"${id}" is not the id of an option`);
  });
  checkUnique(correct, path, 'correct option', report);
  if (rule.selection === 'single' && correct.length !== 1) {
    report(path, `a single-answer item needs exactly one correct option, not ${correct.length}`);
  }
  if (rule.selection === 'multiple') {
    if (correct.length < 2) {
      report(
        path,
        `a multiple-answer item needs at least two correct options, not ${correct.length}`,
      );
    }
    if (correct.length >= options.length) {
      report(path, 'at least one option must be wrong');
    }
  }
}

/** A sample answer must make every key point, or it would not earn the content marks it models. */
export function checkKeyPointsInSample(
  keyPoints: readonly KeyPoint[],
  sampleAnswer: string,
  report: Report,
) {
  keyPoints.forEach((keyPoint, index) => {
    if (!keyPoint.keywords.some((keyword) => containsPhrase(sampleAnswer, keyword))) {
      report(['keyPoints', index, 'keywords'], 'none of these keywords appears in sampleAnswer');
    }
  });
}
