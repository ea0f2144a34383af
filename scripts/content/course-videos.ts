/**
 * npm run content:courses — makes the 微课 videos from the lessons' data (content/courses/lessons):
 *
 * 1. slides: five per lesson (the type and what it scores; strategy; a worked example from our
 *    bank; common mistakes; what our own scorer says about a strong and a weak answer — or, for
 *    the unscored PI, why it is unscored and how institutions use it), drawn as HTML and
 *    photographed by Debian's Chromium (Playwright) at 960×540;
 * 2. narration: English, by flite (the bank's voice `slt`), one clip per slide. espeak-ng's
 *    Mandarin was measured and refused: 16 of the 18 units it spoke for a sample sentence went
 *    through its English fallback (ADR 0022); the Chinese is in the subtitles;
 * 3. ffmpeg (Debian) joins stills and narration into HLS: H.264 at 1 frame/s (stills, a key frame
 *    per slide, no B-frames), AAC mono 16 kb/s, fMP4 segments of about a slide (MPEG-TS nearly
 *    doubled the audio's size); chapters.vtt (one cue per slide) and subtitles.zh.vtt;
 * 4. index.json: what the server serves (lessons with durations and chapters, courses).
 *
 * A lesson whose recipe (its data, the example item, the tools' settings) is unchanged is
 * skipped (manifest.json); `-- --all` or lesson ids redo those. Needs flite, sox, ffmpeg, chromium.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  BlanksAnswerSchema,
  CURRENT_SCORING_PROFILE,
  itemTypes,
  getTypeScoring,
  parseItem,
  type Item,
} from '@ninety/contract';
import {
  isWritingItem,
  keywordContent,
  knownWordsOf,
  scoreObjective,
  scoreWriting,
  OBJECTIVE_TYPE_CODES,
  type ObjectiveItem,
} from '@ninety/scoring';
import { sharedLanguageTools } from '@ninety/scoring/language-tools';
import { chromium } from 'playwright';
// The scorer's own content traits (not in the package's index, which the server uses).
import {
  readAloudContent,
  repeatSentenceContent,
  shortAnswerCorrect,
} from '../../packages/scoring/src/speaking/traits';
import type { ScoredWord } from '../../packages/scoring/src/speaking/words';
import { parse } from 'yaml';
import {
  COURSES_DIR,
  CourseFileSchema,
  LessonFileSchema,
  type CatalogueLesson,
  type CourseCatalogue,
  type LessonFile,
} from '../../apps/server/src/modules/courses/courses-catalogue';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const contentRoot = path.join(root, 'content');
const coursesRoot = path.join(contentRoot, COURSES_DIR);
const WIDTH = 960;
const HEIGHT = 540;
const VOICE = 'slt';
/** Silence after each slide's narration, so a slide does not cut away mid-breath. */
const GAP_SECONDS = 0.8;
const SETTINGS_VERSION = 'flite-slt/ffmpeg-h264-1fps-crf34-bf0/aac-16k-mono/hls-fmp4-10s/960x540/v4';

interface Slide {
  chapter: string;
  html: string;
  narration: string;
  subtitleZh: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')} …`;

function page(kicker: string, heading: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>
  *{box-sizing:border-box;margin:0}
  body{width:${WIDTH}px;height:${HEIGHT}px;font-family:'Noto Sans CJK SC','WenQuanYi Zen Hei','Noto Sans',sans-serif;
    background:#f5f7fb;color:#1f2937;padding:44px 56px;display:flex;flex-direction:column}
  .kicker{color:#2b59c3;font-size:20px;font-weight:600;letter-spacing:1px}
  h1{font-size:38px;margin:10px 0 24px;line-height:1.25}
  ul{padding-left:28px} li{font-size:25px;line-height:1.5;margin-bottom:16px}
  .en{display:block;font-size:17px;color:#6b7280;margin-top:2px}
  .box{background:#fff;border:1px solid #dbe3f2;border-radius:12px;padding:18px 22px;font-size:19px;line-height:1.5}
  .key{margin-top:14px;font-size:21px;color:#14532d;background:#ecfdf3;border-radius:10px;padding:12px 18px}
  table{border-collapse:collapse;width:100%;font-size:22px;background:#fff}
  td,th{border:1px solid #dbe3f2;padding:12px 14px;text-align:left}
  th{background:#eef3fc}
  .note{margin-top:16px;font-size:17px;color:#6b7280}
  .brand{margin-top:auto;font-size:16px;color:#9ca3af}
  </style></head><body><div class="kicker">${escapeHtml(kicker)}</div><h1>${escapeHtml(heading)}</h1>
  ${body}<div class="brand">Ninety 微课 · 原创内容</div></body></html>`;
}

const bullets = (items: LessonFile['strategy']) =>
  `<ul>${items
    .map((b) => `<li>${escapeHtml(b.zh)}<span class="en">${escapeHtml(b.en)}</span></li>`)
    .join('')}</ul>`;

/** The prompt a learner sees or hears, shortened for a slide. */
function promptOf(item: Item): string {
  const content = item.content as Record<string, unknown>;
  const key = item.key as Record<string, unknown>;
  for (const text of [content['text'], content['passage'], key['transcript'], key['sentence']]) {
    if (typeof text === 'string') return text;
  }
  if (Array.isArray(key['transcript'])) {
    return (key['transcript'] as { speaker: string; text: string }[])
      .map((turn) => `${turn.speaker}: ${turn.text}`)
      .join(' ');
  }
  if (Array.isArray(content['paragraphs'])) {
    return (content['paragraphs'] as { id: string; text: string }[])
      .map((p) => `${p.id}. ${p.text}`)
      .join(' ');
  }
  if (typeof content['situation'] === 'string') return content['situation'];
  return item.title;
}

/** The key, as one line for the example slide. */
function keyOf(item: Item): string {
  const key = item.key as Record<string, unknown>;
  if (Array.isArray(key['correct'])) return `正确选项：${(key['correct'] as string[]).join('、')}`;
  if (Array.isArray(key['order'])) return `正确顺序：${(key['order'] as string[]).join(' → ')}`;
  if (Array.isArray(key['answers'])) {
    return `答案：${(key['answers'] as { answer: string }[]).map((a) => a.answer).join('、')}`;
  }
  if (Array.isArray(key['changes'])) {
    return `被换掉的词：${(key['changes'] as { spoken: string }[]).map((c) => c.spoken).join('、')}`;
  }
  if (Array.isArray(key['acceptedAnswers'])) {
    return `可接受的答案：${(key['acceptedAnswers'] as string[]).join(' / ')}`;
  }
  if (Array.isArray(key['keyPoints'])) {
    return `要点：${(key['keyPoints'] as { point: string }[]).map((p) => p.point).join('；')}`;
  }
  if (typeof key['sentence'] === 'string') return `原句：${key['sentence']}`;
  return '注意意群停顿与重音，保持语速稳定';
}

interface Evidence {
  label: string;
  strong: { answer: string; score: number; max: number };
  weak: { answer: string; score: number; max: number };
}

/** Words as if the recogniser heard each clearly (penalty 0): the content trait of a transcript. */
function heardWords(text: string, said: ReadonlySet<number> | null = null): ScoredWord[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((token, index) => {
      const omitted = said !== null && !said.has(index);
      const bare = token.replace(/^[^\w']+|[^\w']+$/g, '');
      return {
        text: bare,
        normal: bare.toLowerCase(),
        endsClause: /[,.;:!?]$/.test(token),
        start: index,
        end: index + 1,
        phones: [],
        penalty: omitted ? 100 : 0,
        score: omitted ? 10 : 90,
        omitted,
        verdict: omitted ? 'omitted' : 'good',
      } as ScoredWord;
    });
}

/** Indexes of the reference's words that a reading of `read` says, in order. */
function wordsSaid(reference: string, read: string): Set<number> {
  const ref = reference.split(/\s+/).filter(Boolean);
  const norm = (w: string) => w.toLowerCase().replace(/[^\w']/g, '');
  const spoken = read.split(/\s+/).filter(Boolean).map(norm);
  const said = new Set<number>();
  let at = 0;
  for (const word of spoken) {
    const found = ref.findIndex((r, i) => i >= at && norm(r) === word);
    if (found >= 0) {
      said.add(found);
      at = found + 1;
    }
  }
  return said;
}

function traitMax(item: Item, trait: string): number {
  const spec = getTypeScoring(item.type).traits.find((t) => t.trait === trait);
  return typeof spec?.max === 'number' ? spec.max : 0;
}

/** What our own scorer gives a strong and a weak answer to the example item. */
async function evidenceOf(item: Item, lesson: LessonFile): Promise<Evidence> {
  const rubric = CURRENT_SCORING_PROFILE.speaking;
  const key = item.key as Record<string, unknown>;
  const weakText = lesson.weakAnswer?.text;
  if ((OBJECTIVE_TYPE_CODES as readonly string[]).includes(item.type)) {
    const objective = item as ObjectiveItem;
    const [good, weak, show] = objectiveAnswers(objective);
    const strong = scoreObjective(objective, good);
    const poor = scoreObjective(objective, weak);
    return {
      label: '客观题：按官方部分给分规则计分',
      strong: { answer: show(good), score: strong.score, max: strong.max },
      weak: { answer: show(weak), score: poor.score, max: poor.max },
    };
  }
  if (!weakText) throw new Error(`${lesson.id}: weakAnswer is needed for ${item.type}`);
  if (isWritingItem(item)) {
    const tools = await sharedLanguageTools();
    const known = knownWordsOf(item);
    const score = async (text: string) =>
      scoreWriting(item, { text }, await tools.check(text, known));
    const good = String(key['sampleAnswer']);
    const [strong, poor] = [await score(good), await score(weakText)];
    return {
      label: '写作：按形式、内容、语法、词汇等维度评分（与练习页同一评分）',
      strong: { answer: good, score: strong.score, max: strong.max },
      weak: { answer: weakText, score: poor.score, max: poor.max },
    };
  }
  const content = item.content as Record<string, unknown>;
  switch (item.type) {
    case 'RA':
    case 'RS': {
      const reference = item.type === 'RA' ? String(content['text']) : String(key['transcript']);
      const score = (read: string) => {
        const words = heardWords(reference, wordsSaid(reference, read));
        if (item.type === 'RA') return readAloudContent(words, rubric);
        const bands =
          getTypeScoring('RS').traits.find((t) => t.trait === 'content')?.shareBands ?? [];
        return { ...repeatSentenceContent(words, bands, rubric), max: traitMax(item, 'content') };
      };
      const [strong, poor] = [score(reference), score(weakText)];
      return {
        label: '内容分（按说出的词计算，假定每个词都读清楚）',
        strong: { answer: reference, score: strong.score, max: strong.max },
        weak: { answer: weakText, score: poor.score, max: poor.max },
      };
    }
    case 'ASQ': {
      const accepted = key['acceptedAnswers'] as string[];
      const score = (text: string) =>
        shortAnswerCorrect(heardWords(text), accepted, rubric) === null ? 0 : 1;
      return {
        label: '简短回答：说出可接受的答案得 1 分',
        strong: { answer: accepted[0]!, score: score(accepted[0]!), max: 1 },
        weak: { answer: weakText, score: score(weakText), max: 1 },
      };
    }
    default: {
      const keyPoints = key['keyPoints'] as { point: string; keywords: string[] }[];
      const max = traitMax(item, 'content');
      const score = (text: string) => keywordContent(heardWords(text), keyPoints, max, rubric);
      const good = String(key['sampleAnswer']);
      return {
        label: '内容分：按要点覆盖计算（按转写文本，假定每个词都读清楚）',
        strong: { answer: good, score: score(good).score, max },
        weak: { answer: weakText, score: score(weakText).score, max },
      };
    }
  }
}

type Shown = (answer: unknown) => string;

/** The key's answer, a typical weak one (the lesson's first mistake), and how to show them. */
function objectiveAnswers(item: ObjectiveItem): [unknown, unknown, Shown] {
  const key = item.key as Record<string, unknown>;
  const content = item.content as Record<string, unknown>;
  switch (item.type) {
    case 'RWFIB':
    case 'RFIB':
    case 'LFIB': {
      const answers = (key['answers'] as { blank: number; answer: string }[])
        .slice()
        .sort((a, b) => a.blank - b.blank)
        .map((a) => a.answer);
      const half = Math.ceil(answers.length / 2);
      const weak = answers.map((a, i) =>
        i < half ? a : item.type === 'LFIB' ? `${a.slice(0, -1)}e` : '',
      );
      const show: Shown = (answer) =>
        BlanksAnswerSchema.parse(answer)
          .blanks.map((b) => b || '（空）')
          .join('、');
      return [{ blanks: answers }, { blanks: weak }, show];
    }
    case 'RO': {
      const order = key['order'] as string[];
      const weak = [order[1]!, order[0]!, ...order.slice(2)];
      const show: Shown = (answer) => (answer as { order: string[] }).order.join(' → ');
      return [{ order }, { order: weak }, show];
    }
    case 'HIW': {
      const changes = (key['changes'] as { index: number }[]).map((c) => c.index);
      const wrong = [0, 1, 2, 3].find((i) => !changes.includes(i)) ?? 0;
      const weak = [...changes.slice(0, Math.ceil(changes.length / 2)), wrong];
      const show: Shown = (answer) =>
        `点选第 ${(answer as { words: number[] }).words.map((i) => i + 1).join('、')} 个词`;
      return [{ words: changes }, { words: weak }, show];
    }
    case 'WFD': {
      const sentence = String(key['sentence']);
      const words = sentence.split(' ');
      const weak = words.filter((w, i) => !(i === 1 || /^(its|the|a)$/i.test(w) && i > 2));
      const show: Shown = (answer) => (answer as { text: string }).text;
      return [{ text: sentence }, { text: weak.join(' ') }, show];
    }
    default: {
      const correct = key['correct'] as string[];
      const options = (content['options'] as { id: string }[]).map((o) => o.id);
      const wrong = options.find((id) => !correct.includes(id))!;
      const weak = correct.length > 1 ? [correct[0]!, wrong] : [wrong];
      const show: Shown = (answer) => `选 ${(answer as { chosen: string[] }).chosen.join('、')}`;
      return [{ chosen: correct }, { chosen: weak }, show];
    }
  }
}

/** The type's introduction and the strategy: every lesson opens with these two. */
function openingSlides(lesson: LessonFile, firstChapter: string): Slide[] {
  const type = itemTypes[lesson.type];
  const timing = `${type.nameZh} · ${type.nameEn}`;
  return [
    {
      chapter: firstChapter,
      html: page(timing, lesson.title, `<div class="box" style="font-size:26px">${escapeHtml(lesson.intro.zh)}<span class="en">${escapeHtml(lesson.intro.en)}</span></div>`),
      narration: `${type.nameEn}. ${lesson.intro.en}`,
      subtitleZh: lesson.intro.zh,
    },
    {
      chapter: '答题策略',
      html: page(timing, '答题策略', bullets(lesson.strategy)),
      narration: `Strategy. ${lesson.strategy.map((b) => b.en).join(' ')}`,
      subtitleZh: lesson.strategy.map((b) => b.zh).join(''),
    },
  ];
}

function mistakesSlide(lesson: LessonFile): Slide {
  const type = itemTypes[lesson.type];
  return {
    chapter: '常见错误',
    html: page(`${type.nameZh} · ${type.nameEn}`, '常见错误', bullets(lesson.mistakes)),
    narration: `Common mistakes. ${lesson.mistakes.map((b) => b.en).join(' ')}`,
    subtitleZh: lesson.mistakes.map((b) => b.zh).join(''),
  };
}

/**
 * The slides of an unscored type (PI): no scorer to quote, so the fourth and fifth slides say
 * what to avoid and why the task still matters (institutions hear the recording).
 */
function unscoredSlides(
  lesson: LessonFile,
  item: Item,
  unscored: NonNullable<LessonFile['unscored']>,
): Slide[] {
  const sample = String((item.key as Record<string, unknown>)['sampleAnswer'] ?? '');
  // PI's prompt is `content.prompt`, which promptOf (written for the scored types) does not read.
  const prompt = String((item.content as Record<string, unknown>)['prompt'] ?? promptOf(item));
  return [
    ...openingSlides(lesson, '题型与要求'),
    {
      chapter: '示范回答',
      html: page(
        `例题 ${item.id}`,
        `例题：${item.title}`,
        `<div class="box">${escapeHtml(clip(prompt, 200))}</div><div class="key">${escapeHtml(clip(`示范：${sample}`, 420))}</div>`,
      ),
      narration: `Here is a sample answer from our question bank. ${sample}`,
      subtitleZh: '这是题库里的一段示范回答：四到五句话，三十秒内说完。换成你自己的信息再练。',
    },
    mistakesSlide(lesson),
    {
      chapter: '为什么不计分',
      html: page(
        '不计分，但很重要',
        '为什么不计分，院校怎么用',
        `<div class="box" style="margin-bottom:18px">${escapeHtml(unscored.why.zh)}<span class="en">${escapeHtml(unscored.why.en)}</span></div><ul style="font-size:21px">${unscored.use
          .map((b) => `<li style="font-size:21px;margin-bottom:8px">${escapeHtml(b.zh)}<span class="en">${escapeHtml(b.en)}</span></li>`)
          .join('')}</ul>`,
      ),
      narration: `Why is it not scored? ${unscored.why.en} ${unscored.use.map((b) => b.en).join(' ')}`,
      subtitleZh: `${unscored.why.zh}${unscored.use.map((b) => b.zh).join('')}`,
    },
  ];
}

async function slidesOf(lesson: LessonFile, item: Item): Promise<Slide[]> {
  const type = itemTypes[lesson.type];
  // A scored type shows our scorer's evidence; an unscored one (PI) must say why it has none.
  if (!type.isScored) {
    if (!lesson.unscored) throw new Error(`${lesson.id}: ${lesson.type} is unscored: add unscored`);
    return unscoredSlides(lesson, item, lesson.unscored);
  }
  if (lesson.unscored) throw new Error(`${lesson.id}: ${lesson.type} is scored: no unscored`);
  const evidence = await evidenceOf(item, lesson);
  const percent = (s: { score: number; max: number }) => `${s.score} / ${s.max}`;
  return [
    ...openingSlides(lesson, '题型与评分'),
    {
      chapter: '题库例题',
      html: page(
        `例题 ${item.id}`,
        `例题：${item.title}`,
        `<div class="box">${escapeHtml(clip(promptOf(item), 420))}</div><div class="key">${escapeHtml(clip(keyOf(item), 160))}</div>`,
      ),
      narration: `Here is an example from our question bank: ${item.title}. Pause the video to read it, and compare your answer with the key.`,
      subtitleZh: `这是题库里的一道例题：${item.title}。可以暂停视频读题，再对照答案。`,
    },
    mistakesSlide(lesson),
    {
      chapter: '评分示例',
      html: page(
        '我们的评分怎么说',
        '好答案与弱答案',
        `<table><tr><th style="width:22%"></th><th>答案</th><th style="width:18%">得分</th></tr>
        <tr><td>好答案</td><td>${escapeHtml(clip(evidence.strong.answer, 150))}</td><td>${percent(evidence.strong)}</td></tr>
        <tr><td>弱答案</td><td>${escapeHtml(clip(evidence.weak.answer, 150))}</td><td>${percent(evidence.weak)}</td></tr></table>
        <div class="note">${escapeHtml(evidence.label)}。分数由本站评分程序实际算出。</div>`,
      ),
      narration: `What does our scorer say? The strong answer scores ${evidence.strong.score} out of ${evidence.strong.max}. The weak answer scores ${evidence.weak.score} out of ${evidence.weak.max}. Practise this type on the exercise page to see your own evidence.`,
      subtitleZh: `我们的评分程序怎么说？好答案得 ${percent(evidence.strong)} 分，弱答案得 ${percent(evidence.weak)} 分。到练习页做这类题，就能看到你自己的评分依据。`,
    },
  ];
}

const vttTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** Chinese subtitle cues of one slide: its sentences, timed by their share of the characters. */
function subtitleCues(text: string, start: number, end: number): [number, number, string][] {
  const sentences = text.match(/[^。！？；]+[。！？；]?/g)?.map((s) => s.trim()).filter(Boolean) ?? [text];
  const total = sentences.reduce((sum, s) => sum + s.length, 0);
  let at = start;
  return sentences.map((sentence) => {
    const to = at + ((end - start) * sentence.length) / total;
    const cue: [number, number, string] = [at, to, sentence];
    at = to;
    return cue;
  });
}

async function seconds(file: string): Promise<number> {
  const { stdout } = await run('soxi', ['-D', file]);
  return Number(stdout.trim());
}

async function makeLesson(
  lesson: LessonFile,
  slides: Slide[],
  browser: Awaited<ReturnType<typeof chromium.launch>>,
): Promise<CatalogueLesson> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), `course-${lesson.id}-`));
  const out = path.join(coursesRoot, 'media', lesson.id);
  try {
    const tab = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    const durations: number[] = [];
    for (const [index, slide] of slides.entries()) {
      await tab.setContent(slide.html);
      await tab.screenshot({ path: path.join(scratch, `slide-${index}.png`) });
      const raw = path.join(scratch, `raw-${index}.wav`);
      await run('flite', ['-voice', VOICE, '-t', slide.narration, '-o', raw]);
      const padded = path.join(scratch, `voice-${index}.wav`);
      await run('sox', [raw, '-r', '16000', padded, 'pad', '0.3', String(GAP_SECONDS)]);
      durations.push(await seconds(padded));
    }
    await tab.close();
    const list = slides
      .map((_, i) => `file 'slide-${i}.png'\nduration ${durations[i]!.toFixed(3)}`)
      .join('\n');
    // The concat demuxer needs the last still repeated to hold its duration.
    await writeFile(path.join(scratch, 'stills.txt'), `${list}\nfile 'slide-${slides.length - 1}.png'\n`);
    await run('sox', [...slides.map((_, i) => path.join(scratch, `voice-${i}.wav`)), path.join(scratch, 'voice.wav')]);
    await rm(out, { recursive: true, force: true });
    await mkdir(out, { recursive: true });
    const starts = durations.map((_, i) => durations.slice(0, i).reduce((a, b) => a + b, 0));
    const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
    await run(
      'ffmpeg',
      [
        ...quiet,
        '-f', 'concat', '-safe', '0', '-i', 'stills.txt',
        '-i', 'voice.wav',
        '-vf', 'fps=1,format=yuv420p',
        // No B-frames: their delay started the video 2 s late in the HLS segments (no edit list
        // there), off the chapters and subtitles.
        '-c:v', 'libx264', '-preset', 'veryslow', '-tune', 'stillimage', '-crf', '34', '-bf', '0',
        '-g', '600', '-sc_threshold', '0', '-force_key_frames', starts.map((s) => s.toFixed(3)).join(','),
        '-c:a', 'aac', '-b:a', '16k', '-ac', '1', '-ar', '16000',
        '-shortest', '-map_metadata', '-1', '-movflags', '+faststart',
        'lesson.mp4',
      ],
      { cwd: scratch },
    );
    // Segmented from the finished file: segmenting while encoding left the audio of later
    // segments in the first one (x264's look-ahead holds the video back).
    await run(
      'ffmpeg',
      [
        ...quiet, '-i', 'lesson.mp4', '-c', 'copy',
        '-f', 'hls', '-hls_time', '10', '-hls_playlist_type', 'vod',
        '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4',
        '-hls_segment_filename', path.join(out, 'seg-%03d.m4s'),
        path.join(out, 'index.m3u8'),
      ],
      { cwd: scratch },
    );
    await run('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y', '-i', path.join(scratch, 'slide-0.png'),
      '-vf', 'scale=480:-2', '-q:v', '6', path.join(out, 'poster.jpg'),
    ]);
    const total = durations.reduce((a, b) => a + b, 0);
    const chapters = slides.map((slide, i) => ({
      start: Number(starts[i]!.toFixed(3)),
      end: Number((starts[i]! + durations[i]!).toFixed(3)),
      title: slide.chapter,
    }));
    await writeFile(
      path.join(out, 'chapters.vtt'),
      `WEBVTT\n\n${chapters.map((c) => `${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.title}\n`).join('\n')}`,
    );
    const cues = slides.flatMap((slide, i) =>
      subtitleCues(slide.subtitleZh, starts[i]! + 0.3, starts[i]! + durations[i]! - GAP_SECONDS / 2),
    );
    await writeFile(
      path.join(out, 'subtitles.zh.vtt'),
      `WEBVTT\n\n${cues.map(([a, b, text]) => `${vttTime(a)} --> ${vttTime(b)}\n${text}\n`).join('\n')}`,
    );
    const files = (await readdir(out)).sort();
    return {
      id: lesson.id,
      type: lesson.type,
      title: lesson.title,
      summaryZh: lesson.intro.zh,
      access: lesson.access,
      exampleItem: lesson.exampleItem,
      durationSeconds: Number(total.toFixed(3)),
      chapters,
      files,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function readItem(id: string): Promise<Item> {
  const folder = id.replace(/-\d+$/, '');
  const parsed = parseItem(parse(await readFile(path.join(contentRoot, 'items', folder, `${id}.yaml`), 'utf8')));
  if (!parsed.ok) throw new Error(`${id}: ${JSON.stringify(parsed.problems)}`);
  return parsed.item;
}

async function main() {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const only = new Set(args.filter((a) => !a.startsWith('--')));
  const lessonFiles = (await readdir(path.join(coursesRoot, 'lessons'))).filter((f) => f.endsWith('.yaml')).sort();
  const lessons = await Promise.all(
    lessonFiles.map(async (file) =>
      LessonFileSchema.parse(parse(await readFile(path.join(coursesRoot, 'lessons', file), 'utf8'))),
    ),
  );
  const courses = CourseFileSchema.parse(parse(await readFile(path.join(coursesRoot, 'courses.yaml'), 'utf8')));
  const manifestFile = path.join(coursesRoot, 'manifest.json');
  const manifest: Record<string, string> = existsSync(manifestFile)
    ? JSON.parse(await readFile(manifestFile, 'utf8'))
    : {};
  const indexFile = path.join(coursesRoot, 'index.json');
  const previous: CourseCatalogue | null = existsSync(indexFile)
    ? JSON.parse(await readFile(indexFile, 'utf8'))
    : null;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const made: CatalogueLesson[] = [];
  try {
    for (const lesson of lessons) {
      const item = await readItem(lesson.exampleItem);
      if (item.type !== lesson.type) throw new Error(`${lesson.id}: example ${item.id} is ${item.type}`);
      const slides = await slidesOf(lesson, item);
      const recipe = createHash('sha256')
        .update(JSON.stringify([SETTINGS_VERSION, lesson, slides]))
        .digest('hex');
      const before = previous?.lessons.find((l) => l.id === lesson.id);
      const wanted = all || only.has(lesson.id) || manifest[lesson.id] !== recipe || !before ||
        !existsSync(path.join(coursesRoot, 'media', lesson.id, 'index.m3u8'));
      if (!wanted && before) {
        made.push(before);
        continue;
      }
      const entry = await makeLesson(lesson, slides, browser);
      manifest[lesson.id] = recipe;
      made.push(entry);
      console.log(`${lesson.id}  ${entry.durationSeconds.toFixed(1)} s  ${entry.files.length} files`);
    }
  } finally {
    await browser.close();
  }
  const catalogue: CourseCatalogue = { version: 1, lessons: made, courses: courses.courses };
  await writeFile(indexFile, `${JSON.stringify(catalogue, null, 2)}\n`);
  await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  const ids = new Set(made.map((l) => l.id));
  for (const dir of await readdir(path.join(coursesRoot, 'media'))) {
    if (!ids.has(dir)) await rm(path.join(coursesRoot, 'media', dir), { recursive: true, force: true });
  }
}

await main();
