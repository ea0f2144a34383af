/**
 * Builds the 资料 downloads (issue 21, ADR 0023): every file of content/materials/catalogue.yaml
 * as a PDF made from the bank's own items — prompts, transcripts, charts, answers, key points,
 * sample answers and the Chinese explanations — laid out as HTML and printed by Debian's Chromium
 * (Playwright, `/usr/bin/chromium`) with the system's Chinese font (WenQuanYi Micro Hei:
 * `fc-list :lang=zh`). It writes
 *
 *   content/materials/files/<file id>.pdf   the downloads (committed: tens of kB each)
 *   content/materials/covers/<id>.jpg       each material's first page, the catalogue's picture
 *   content/materials/manifest.json         pages, bytes and sha256 of each file, and what it was
 *                                           made from (a rerun skips what has not changed)
 *
 *   npm run content:materials            # what changed
 *   npm run content:materials -- --all   # everything
 *
 * The buyer's watermark is not here: the server stamps it on each download (materials-pdf.ts).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { itemTypes, type Item, type ItemTypeCode } from '@ninety/contract';
import { PDFDocument } from 'pdf-lib';
import { chromium, type Page } from 'playwright';
import { loadBank } from '../../apps/server/src/content/bank';
import {
  MATERIALS_DIR,
  ManifestSchema,
  readCatalogueFile,
  type CatalogueFile,
  type CatalogueMaterial,
  type Manifest,
} from '../../apps/server/src/modules/materials/materials-catalogue';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const contentRoot = path.join(repoRoot, 'content');
const materialsRoot = path.join(contentRoot, MATERIALS_DIR);
/** Raise when the layout changes, so every file is made again. */
const LAYOUT_VERSION = 1;

/** How to answer each type, in a few steps (the PDF's section opening). */
const STEPS_ZH: Partial<Record<ItemTypeCode, string[]>> = {
  RA: ['准备时间先扫一遍全文，标出长词和意群停顿', '语速平稳，按意群停顿，不回读', '读错一个词不要重读，继续往下'],
  RS: ['边听边在脑中按意群记忆', '提示音后立刻开口，语调跟原句一致', '记不全时保持流利比补全更重要'],
  DI: ['第一句交代图表主题', '抓最高值、最低值和最大变化', '用 overall 一句话总结趋势'],
  RL: ['边听边记关键词和数字', '先说讲座主题，再说两三个要点', '最后一句给出结论或意义'],
  ASQ: ['只需要一个词或短语', '听清问题中的关键词', '不确定时也要给出一个答案'],
  RTS: ['先读情景，想清楚对象和目的', '开头说明来意，中间给出办法', '礼貌收尾，语气自然'],
  SGD: ['记下每位发言人的立场', '先说讨论的话题，再分别概括观点', '最后一句说明讨论的结论或分歧'],
  SWT: ['只写一句话，5–75 词', '抓主题句与转折处的要点', '用连接词把要点连成一句'],
  WE: ['开头亮明观点', '两个主体段各一个理由加例子', '结尾重申观点，字数 200–300'],
  RWFIB: ['先读整句判断词性', '再看搭配与语义', '最后检查时态和单复数'],
  RMCM: ['先读题干，带着问题读原文', '每个选项都回原文找依据', '没把握的选项不选（选错倒扣）'],
  RO: ['找出不以代词或连接词开头的首句', '按指代和逻辑连接成对', '通读一遍检查顺序'],
  RFIB: ['先判断空格的词性', '结合上下文排除干扰项', '注意固定搭配'],
  RMCS: ['先读题干', '定位原文相关句', '排除与原文不符或过度推断的选项'],
  SST: ['边听边记关键词', '写 50–70 词：主题 + 两三个要点 + 结论', '检查拼写与语法'],
  LMCM: ['录音前读题干与选项', '边听边标记听到的要点', '没把握的选项不选（选错倒扣）'],
  LFIB: ['录音前扫读原文，预判空格词性', '边听边写首字母', '录音结束后补全并检查拼写'],
  HCS: ['听主旨，不纠结细节', '排除只讲局部或与原文相反的摘要', '选最完整概括全文的一项'],
  LMCS: ['录音前读题干', '听主旨与态度', '排除与原文不符的选项'],
  SMW: ['听出全文的逻辑走向', '注意最后一句的语气', '选最自然接上的一项'],
  HIW: ['眼睛跟着原文逐词走', '听到不同的词立即点击', '点错会倒扣，不确定不点'],
  WFD: ['先抓句子主干，再补修饰语', '注意单复数与时态', '拼写错误不得分，写完检查一遍'],
  PI: ['介绍姓名、背景与备考目标', '语速自然，30 秒内说完'],
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const blanksOf = (text: string) =>
  escapeHtml(text).replace(/\{\{(\d+)\}\}/g, '<span class="blank">（$1）</span>');

interface Rendered {
  html: string;
  fingerprint: string;
}

async function itemHtml(item: Item, index: number): Promise<string> {
  const content = item.content as Record<string, unknown>;
  const key = (item.key ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  const block = (label: string, body: string) =>
    parts.push(`<div class="block"><div class="label">${label}</div>${body}</div>`);
  const para = (text: string) => `<p>${blanksOf(text)}</p>`;

  if (typeof content.situation === 'string') block('情景', para(content.situation));
  if (typeof content.text === 'string') block('原文', para(content.text));
  if (typeof content.prompt === 'string') block('题目', para(content.prompt));
  if (typeof content.passage === 'string') block('原文', para(content.passage));
  if (content.image && typeof content.image === 'object') {
    const image = content.image as { src: string; alt: string };
    const svg = await readFile(path.join(contentRoot, 'media', image.src), 'utf8');
    block('图表', `<div class="figure">${svg.replace(/<\?xml[^>]*>/, '')}</div>`);
  }
  if (Array.isArray(content.paragraphs)) {
    const rows = (content.paragraphs as { id: string; text: string }[])
      .map((p) => `<li><b>${escapeHtml(p.id)}</b> ${escapeHtml(p.text)}</li>`)
      .join('');
    block('段落', `<ul class="plain">${rows}</ul>`);
  }
  if (typeof content.transcript === 'string') block('显示的原文', para(content.transcript));
  if (typeof content.question === 'string') block('问题', para(content.question));
  if (Array.isArray(content.blanks)) {
    const rows = (content.blanks as { blank: number; options: string[] }[])
      .map((b) => `<li>（${b.blank}）${b.options.map(escapeHtml).join(' / ')}</li>`)
      .join('');
    block('选项', `<ul class="plain">${rows}</ul>`);
  }
  if (Array.isArray(content.wordBank)) {
    block('词库', `<p>${(content.wordBank as string[]).map(escapeHtml).join(' · ')}</p>`);
  }
  if (Array.isArray(content.options)) {
    const rows = (content.options as { id: string; text: string }[])
      .map((o) => `<li><b>${escapeHtml(o.id)}</b> ${escapeHtml(o.text)}</li>`)
      .join('');
    block('选项', `<ul class="plain">${rows}</ul>`);
  }

  if (typeof key.transcript === 'string') block('听力原文', para(key.transcript));
  if (Array.isArray(key.transcript)) {
    const rows = (key.transcript as { speaker: string; text: string }[])
      .map((t) => `<li><b>${escapeHtml(t.speaker)}</b> ${escapeHtml(t.text)}</li>`)
      .join('');
    block('听力原文', `<ul class="plain">${rows}</ul>`);
  }
  const answers: string[] = [];
  if (Array.isArray(key.correct)) answers.push((key.correct as string[]).join('、'));
  if (Array.isArray(key.order)) answers.push((key.order as string[]).join(' → '));
  if (Array.isArray(key.answers)) {
    answers.push(
      (key.answers as { blank: number; answer: string }[])
        .map((a) => `（${a.blank}）${a.answer}`)
        .join('　'),
    );
  }
  if (typeof key.sentence === 'string') answers.push(key.sentence);
  if (Array.isArray(key.acceptedAnswers)) answers.push((key.acceptedAnswers as string[]).join(' / '));
  if (Array.isArray(key.changes) && typeof content.transcript === 'string') {
    const tokens = content.transcript.split(/\s+/);
    answers.push(
      (key.changes as { index: number; spoken: string }[])
        .map((c) => `${tokens[c.index] ?? ''}（录音：${c.spoken}）`)
        .join('　'),
    );
  }
  if (answers.length > 0) block('答案', `<p class="answer">${answers.map(escapeHtml).join('<br>')}</p>`);
  if (Array.isArray(key.keyPoints)) {
    const rows = (key.keyPoints as { point: string; keywords: string[] }[])
      .map(
        (k) =>
          `<li>${escapeHtml(k.point)}<span class="keywords">${k.keywords.map(escapeHtml).join(' · ')}</span></li>`,
      )
      .join('');
    block('得分要点', `<ol>${rows}</ol>`);
  }
  if (typeof key.sampleAnswer === 'string') block('范文', para(key.sampleAnswer));
  block('讲解', `<p class="zh">${blanksOf(item.explanationZh)}</p>`);

  return `<section class="item"><h3><span class="number">${index + 1}</span>${escapeHtml(item.title)}<span class="id">${item.id}</span></h3>${parts.join('')}</section>`;
}

const STOP_WORDS = new Set(
  'a an the of to in on at for and or but is are was were be been will would can could its it this that these those with by from as their his her our your my they we you he she i do does did not no has have had so than then there here into over under during about after before more most very'.split(
    ' ',
  ),
);

function wordListHtml(items: readonly Item[]): string {
  const counts = new Map<string, number>();
  for (const item of items) {
    const sentence = (item.key as { sentence?: string }).sentence ?? '';
    for (const raw of sentence.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []) {
      if (STOP_WORDS.has(raw) || raw.length < 3) continue;
      counts.set(raw, (counts.get(raw) ?? 0) + 1);
    }
  }
  const words = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const cells = words
    .map(([word, count]) => `<li><span>${escapeHtml(word)}</span><em>×${count}</em></li>`)
    .join('');
  return `<section class="type-section words"><h2>词表</h2><p class="zh">听写句子里的实词，共 ${words.length} 个，按出现次数排序。每个词都要能一次拼对。</p><ul class="word-grid">${cells}</ul></section>`;
}

const STYLE = `
  @page { size: A4; margin: 18mm 16mm 20mm; }
  * { box-sizing: border-box; }
  body { font-family: 'WenQuanYi Micro Hei', sans-serif; font-size: 10.5pt; line-height: 1.6; color: #1f2329; margin: 0; }
  .cover { height: 257mm; width: 210mm; display: flex; flex-direction: column; justify-content: center; padding: 0 10mm; page-break-after: always; }
  .cover .brand { color: #1677ff; font-size: 14pt; letter-spacing: 2px; }
  .cover h1 { font-size: 28pt; margin: 8mm 0 4mm; line-height: 1.25; }
  .cover .subtitle { font-size: 13pt; color: #4e5969; }
  .cover .toc { margin-top: 14mm; font-size: 11pt; }
  .cover .toc li { margin: 2mm 0; }
  .cover .note { margin-top: 20mm; color: #86909c; font-size: 9pt; }
  h2 { font-size: 16pt; border-left: 4pt solid #1677ff; padding-left: 3mm; margin: 0 0 4mm; }
  .type-section { page-break-before: always; }
  .steps { background: #f2f7ff; border-radius: 2mm; padding: 3mm 5mm; margin-bottom: 6mm; }
  .steps ol { margin: 1mm 0 0; padding-left: 6mm; }
  .item { border-top: 0.5pt solid #d0d5dd; padding-top: 3mm; margin-top: 5mm; break-inside: auto; }
  .item h3 { font-size: 12pt; margin: 0 0 2mm; display: flex; align-items: baseline; gap: 3mm; }
  .item h3 .number { color: #1677ff; }
  .item h3 .id { margin-left: auto; color: #86909c; font-size: 8.5pt; font-weight: normal; }
  .block { margin: 2mm 0; }
  .label { font-size: 8.5pt; color: #1677ff; font-weight: bold; }
  .block p { margin: 0.5mm 0; }
  .answer { font-weight: bold; }
  .blank { color: #1677ff; }
  .keywords { display: block; color: #86909c; font-size: 8.5pt; }
  .figure svg { width: 100%; height: auto; max-height: 95mm; }
  ul.plain { list-style: none; padding: 0; margin: 0; }
  ul.plain li { margin: 0.5mm 0; }
  ol { margin: 0; padding-left: 6mm; }
  .word-grid { columns: 3; list-style: none; padding: 0; }
  .word-grid li { display: flex; justify-content: space-between; padding: 0.5mm 3mm 0.5mm 0; }
  .word-grid em { color: #86909c; font-style: normal; }
`;

async function renderFile(
  file: CatalogueFile,
  byType: Map<ItemTypeCode, Item[]>,
): Promise<Rendered> {
  const sections: string[] = [];
  for (const type of file.types) {
    const items = byType.get(type) ?? [];
    const info = itemTypes[type];
    const steps = (STEPS_ZH[type] ?? []).map((s) => `<li>${escapeHtml(s)}</li>`).join('');
    const rendered = await Promise.all(items.map((item, index) => itemHtml(item, index)));
    sections.push(
      `<section class="type-section"><h2>${info.nameZh} ${info.code} · ${escapeHtml(info.nameEn)}</h2>` +
        `<div class="steps"><b>答题步骤</b><ol>${steps}</ol></div>${rendered.join('')}</section>`,
    );
  }
  if (file.wordList) sections.push(wordListHtml(file.types.flatMap((t) => byType.get(t) ?? [])));
  const toc = file.types
    .map((t) => `<li>${itemTypes[t].nameZh} ${t}：${byType.get(t)?.length ?? 0} 题</li>`)
    .join('');
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(file.title)}</title><style>${STYLE}</style></head><body>
    <div class="cover"><div class="brand">NINETY PTE · 资料</div><h1>${escapeHtml(file.title)}</h1>
    <div class="subtitle">${file.types.map((t) => escapeHtml(itemTypes[t].nameEn)).join(' · ')}</div>
    <ol class="toc">${toc}${file.wordList ? '<li>词表</li>' : ''}</ol>
    <div class="note">全部题目为 Ninety 原创，与考试真题无关。仅供购买者本人学习使用，请勿传播。</div></div>
    ${sections.join('')}</body></html>`;
  const fingerprint = createHash('sha256')
    .update(`${LAYOUT_VERSION}\n${html}`)
    .digest('hex');
  return { html, fingerprint };
}

function coverHtml(material: CatalogueMaterial): string {
  const files = material.files.map((f) => `<li>${escapeHtml(f.title)}</li>`).join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>${STYLE}</style></head><body>
    <div class="cover"><div class="brand">NINETY PTE · ${material.kind === 'topic' ? '专题' : '资料包'}</div>
    <h1>${escapeHtml(material.title)}</h1><div class="subtitle">${escapeHtml(material.subtitle)}</div>
    <ol class="toc">${files}</ol></div></body></html>`;
}

async function printPdf(
  page: Page,
  file: CatalogueFile,
  fingerprint: string,
): Promise<Manifest['files'][string]> {
  const pdf = await page.pdf({
    format: 'A4',
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: `<div style="font-size:8px;width:100%;text-align:center;color:#86909c;font-family:'WenQuanYi Micro Hei'">Ninety PTE · ${escapeHtml(file.title)} · <span class="pageNumber"></span> / <span class="totalPages"></span></div>`,
    margin: { top: '18mm', bottom: '20mm', left: '16mm', right: '16mm' },
  });
  const doc = await PDFDocument.load(pdf);
  doc.setTitle(file.title);
  doc.setAuthor('Ninety PTE');
  doc.setCreator('Ninety content:materials');
  doc.setProducer('Ninety content:materials');
  // Fixed dates: the same content makes the same bytes, so a rerun changes nothing.
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const bytes = await doc.save();
  await writeFile(path.join(materialsRoot, 'files', `${file.id}.pdf`), bytes);
  console.log(`${file.id}.pdf: ${doc.getPageCount()} pages, ${bytes.length} bytes`);
  return {
    fingerprint,
    pages: doc.getPageCount(),
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

async function main() {
  const all = process.argv.includes('--all');
  const catalogue = await readCatalogueFile(contentRoot);
  const bank = await loadBank(contentRoot, { hasWord: () => true, skipMedia: true });
  if (bank.problems.length > 0) throw new Error(`the bank has ${bank.problems.length} problems`);
  const byType = new Map<ItemTypeCode, Item[]>();
  for (const { item } of [...bank.items].sort((a, b) => a.item.id.localeCompare(b.item.id))) {
    byType.set(item.type, [...(byType.get(item.type) ?? []), item]);
  }

  const manifestPath = path.join(materialsRoot, 'manifest.json');
  let previous: Manifest = { version: 1, files: {}, covers: {} };
  try {
    previous = ManifestSchema.parse(JSON.parse(await readFile(manifestPath, 'utf8')));
  } catch {
    // No manifest yet (or an unreadable one): make everything.
  }
  const next: Manifest = { version: 1, files: {}, covers: {} };
  await mkdir(path.join(materialsRoot, 'files'), { recursive: true });
  await mkdir(path.join(materialsRoot, 'covers'), { recursive: true });

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 794, height: 1123 } });
    // Half scale: the catalogue shows covers at most 400 px wide.
    const coverPage = await browser.newPage({
      viewport: { width: 794, height: 1123 },
      deviceScaleFactor: 0.5,
    });
    for (const material of catalogue.materials) {
      for (const file of material.files) {
        const { html, fingerprint } = await renderFile(file, byType);
        // A file shared by two materials is made once per run.
        if (next.files[file.id]?.fingerprint !== fingerprint) {
          const known = previous.files[file.id];
          if (!all && known?.fingerprint === fingerprint) next.files[file.id] = known;
          else {
            await page.setContent(html, { waitUntil: 'load' });
            next.files[file.id] = await printPdf(page, file, fingerprint);
          }
        }
      }
      // The catalogue's picture: the material's own title page, in the PDFs' look.
      const cover = coverHtml(material);
      const coverFingerprint = createHash('sha256').update(`${LAYOUT_VERSION}\n${cover}`).digest('hex');
      if (all || previous.covers[String(material.id)] !== coverFingerprint) {
        await coverPage.setContent(cover, { waitUntil: 'load' });
        const jpeg = await coverPage.locator('.cover').screenshot({ type: 'jpeg', quality: 70 });
        await writeFile(path.join(materialsRoot, 'covers', `${material.id}.jpg`), jpeg);
        console.log(`covers/${material.id}.jpg: ${jpeg.length} bytes`);
      }
      next.covers[String(material.id)] = coverFingerprint;
    }
  } finally {
    await browser.close();
  }
  await writeFile(manifestPath, `${JSON.stringify(next, null, 2)}\n`);
}

await main();
