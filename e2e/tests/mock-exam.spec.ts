import {
  chromium,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import type { MockCurrentItem, MockPaperState, MockReport } from '@ninety/contract';
import { microphoneArgs, mockItemMicrophone, sayableIn } from '../support/mock-microphone';
import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

/**
 * A mock exam in Chromium (the `fake-microphone` project): the short `test-all-types` paper (one
 * item of every type; MOCK_TEST_BLUEPRINTS in the e2e server), the check-in with the microphone
 * check, every item answered through the exam UI as a learner would (drop-downs chosen, words and
 * paragraphs dragged, words clicked, text typed, and every speaking item recorded from a
 * microphone that says that item's answer), a reload in the reading section that resumes on the
 * same item with the same time left, the end, the report with every item scored as answered, an
 * analysis, the public report signed out and the H5 report at 375 px.
 *
 * Each speaking item is sat in a browser of its own whose microphone file holds that item's answer
 * (Chromium's fake microphone takes one file per browser): so each one is also a resume on the
 * same item, with the microphone checked again before it.
 */

const SPEAKING = new Set(['PI', 'RA', 'RS', 'DI', 'RL', 'ASQ', 'RTS', 'SGD']);
/**
 * Seconds between the end of the prompt and preparation and the answer in the file: the room a
 * busy machine has to start the recording late (the prompt's audio loads and starts later than
 * the file's clock). 3 s left 1.2 s at load 8 on two cores; a short answer (ASQ, 10 s) still ends
 * well inside its time.
 */
const ANSWER_MARGIN_SECONDS = 5;

type Key = Record<string, unknown>;

/** Seconds on the exam timer ("12:34" or "1:02:03"). */
async function timerSeconds(timer: Locator): Promise<number> {
  const parts = ((await timer.textContent()) ?? '').trim().split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

async function paperOf(
  request: APIRequestContext,
  token: string,
  paperId: string,
): Promise<MockPaperState> {
  const response = await request.get(`/api/mock/papers/${paperId}`, { headers: { token } });
  expect(response.ok()).toBe(true);
  return (await response.json()).data as MockPaperState;
}

/** The item's key, as the practice page's 查看答案 gives it. */
async function keyOf(request: APIRequestContext, token: string, itemId: string): Promise<Key> {
  const response = await request.get(`/api/posts/answer?id=${itemId}`, { headers: { token } });
  expect(response.ok()).toBe(true);
  return (await response.json()).data.key as Key;
}

/**
 * What a good candidate says for a speaking item: the text to read or repeat, the answer word, or
 * for an open answer what the item's content is (the key points of an image, a lecture or a
 * discussion) or, for a situation, the sample reply: a situation's key points say what to do
 * ("Encourage her to decide for herself"), not what to say. Kept to about 25 s: enough to score,
 * and quick to decode on two busy cores.
 */
function spokenAnswer(current: MockCurrentItem, key: Key): string {
  const seconds = Math.min((current.timing.answerSeconds ?? 40) - ANSWER_MARGIN_SECONDS - 7, 25);
  const text = current.content['text'];
  const points = (key['keyPoints'] as { point: string }[] | undefined) ?? [];
  switch (current.type) {
    case 'RA':
      return String(text);
    case 'RS':
      return String(key['transcript']);
    case 'ASQ':
      return String((key['acceptedAnswers'] as string[])[0]);
    case 'RTS':
      return sayableIn(String(key['sampleAnswer']), seconds);
    default:
      return sayableIn(
        points.length > 0
          ? points.map(({ point }) => point.replace(/[.!?]*$/, '.')).join(' ')
          : String(key['sampleAnswer']),
        seconds,
      );
  }
}

/** Answers a written item as its key says, through the exam UI, then Next (confirmed). */
async function answerWritten(page: Page, main: Locator, current: MockCurrentItem, key: Key) {
  const blanks = (key['answers'] as { blank: number; answer: string }[] | undefined) ?? [];
  switch (current.type) {
    case 'SWT':
    case 'WE':
    case 'SST':
      await main.getByRole('textbox').fill(String(key['sampleAnswer']));
      break;
    case 'WFD':
      await main.getByRole('textbox').fill(String(key['sentence']));
      break;
    case 'LFIB':
      for (const { blank, answer } of blanks) {
        await main.getByRole('textbox', { name: `第 ${blank} 空` }).fill(answer);
      }
      break;
    case 'RWFIB':
      // Each blank's drop-down opened and the word chosen from its list.
      for (const { blank, answer } of blanks) {
        await main.getByRole('combobox', { name: `第 ${blank} 空` }).click();
        await page
          .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
          .getByTitle(answer, { exact: true })
          .click();
      }
      break;
    case 'RFIB':
      // Each word dragged from the bank into its blank.
      for (const { blank, answer } of blanks) {
        await main
          .getByRole('group', { name: '备选词' })
          .getByRole('button', { name: answer, exact: true })
          .dragTo(main.getByRole('button', { name: `第 ${blank} 空`, exact: true }));
      }
      await expect(main.getByRole('button', { name: /^第 \d+ 空：/ })).toHaveCount(blanks.length);
      break;
    case 'RO': {
      // Each paragraph dragged from the source to the end of the target, in the key's order.
      const target = main.getByRole('region', { name: '排好的段落' });
      for (const id of key['order'] as string[]) {
        await main
          .getByRole('region', { name: '原始段落' })
          .locator('[draggable="true"]')
          .filter({ has: page.locator('strong', { hasText: new RegExp(`^${id}$`) }) })
          .dragTo(target.getByText('Target', { exact: true }));
      }
      await expect(target.locator('strong')).toHaveText(key['order'] as string[]);
      break;
    }
    case 'HIW':
      for (const { index } of key['changes'] as { index: number }[]) {
        await main.locator('button[aria-pressed]').nth(index).click();
      }
      break;
    default:
      // The choice types: each correct option ticked.
      for (const id of key['correct'] as string[]) {
        await main.locator(`input[value="${id}"]`).check();
      }
  }
  // Exact: a Highlight Incorrect Words transcript may hold the word "next".
  await main.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
}

test('a learner sits the all-types paper answering every item, reloads mid-paper, finishes and reads the report', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(45 * 60_000);
  const token = await signInByApi(request, uniquePhone());
  await useToken(page, token);
  await page.goto('/mock/exam');
  const card = page.getByRole('region', { name: '全题型测试卷' });
  await card.getByRole('button', { name: '开始模考' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^开\s?始$/ })
    .click();

  // Check-in: instructions, headset, the microphone check (it must hear the voice), start.
  await page
    .getByRole('region', { name: 'Test Introduction' })
    .getByRole('button', { name: 'Next' })
    .click();
  const headset = page.getByRole('region', { name: 'Headset Check' });
  await headset.getByRole('button', { name: 'Play' }).click();
  await headset.getByRole('button', { name: 'Next' }).click();
  const microphone = page.getByRole('region', { name: 'Microphone Check' });
  await microphone.getByRole('button', { name: 'Record' }).click();
  await expect(microphone.getByText('Microphone OK')).toBeVisible({ timeout: 20_000 });
  await microphone.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('region', { name: 'Start' }).getByRole('button', { name: 'Start' }).click();

  await expect(page).toHaveURL(/PTE-MockExam\?id=/);
  const examUrl = page.url();
  const paperId = new URL(examUrl).searchParams.get('id')!;
  /** The page sitting the paper: the check-in's, then one per speaking item. */
  let exam = page;
  let itemBrowser: Browser | null = null;
  let hasReloaded = false;
  const spoken: string[] = [];

  /** A browser whose microphone says this answer, resumed on the paper, the microphone checked. */
  const sitInOwnBrowser = async (file: string) => {
    if (itemBrowser) await itemBrowser.close();
    else await exam.goto('about:blank');
    itemBrowser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: microphoneArgs(file),
    });
    const context = await itemBrowser.newContext({
      baseURL: testInfo.project.use.baseURL,
      locale: 'zh-CN',
    });
    exam = await context.newPage();
    await useToken(exam, token);
    await exam.goto(examUrl);
    await exam
      .getByRole('region', { name: 'Resume' })
      .getByRole('button', { name: 'Continue' })
      .click();
    // Resumed before a speaking item: the microphone is checked again first.
    const check = exam.getByRole('region', { name: 'Microphone Check' });
    await expect(check).toContainText('Your test was interrupted');
    await check.getByRole('button', { name: 'Record' }).click();
    await expect(check.getByText('Microphone OK')).toBeVisible({ timeout: 20_000 });
    await check.getByRole('button', { name: 'Next' }).click();
  };

  for (let step = 0; step < 40; step += 1) {
    const ended = exam.getByRole('region', { name: 'Test Complete' });
    const main = exam.getByRole('region', { name: /^Question \d+$/ });
    await expect(main.or(ended)).toBeVisible({ timeout: 60_000 });
    if (await ended.isVisible()) break;
    const state = await paperOf(request, token, paperId);
    const current = state.current!;
    const label = `Question ${current.index + 1}`;
    await expect(main).toHaveAttribute('aria-label', label);
    const key = await keyOf(request, token, current.itemId);
    const partBar = await exam.getByText(/· Question \d+ of \d+/).textContent();
    // Progress in the run's output: a stuck item is then named.
    console.log(`mock-exam: ${partBar} (${current.type})`);

    if (SPEAKING.has(current.type)) {
      // Its answer after the prompt and the preparation; the recording closes after 3 s of quiet.
      const timing = current.timing;
      const lead =
        (timing.audioDelaySeconds ?? 0) +
        (timing.audioSeconds ?? 0) +
        timing.preparationSeconds +
        ANSWER_MARGIN_SECONDS;
      const answer = spokenAnswer(current, key);
      spoken.push(current.type);
      await sitInOwnBrowser(mockItemMicrophone(answer, lead));
      const item = exam.getByRole('region', { name: label, exact: true });
      await expect(item).toBeVisible();
      const opened = Date.now();
      await expect(item.getByRole('status', { name: '录音状态' })).toContainText('Recording', {
        timeout: (lead + 30) * 1000,
      });
      // The answer must start after the recording does (silence before it never closes it).
      const recordingAfter = (Date.now() - opened) / 1000;
      console.log(
        `mock-exam: ${current.type} records after ${recordingAfter.toFixed(1)} s, speaks at ${lead} s`,
      );
      expect(recordingAfter).toBeLessThan(lead);
      // Moves on by itself once the recording is saved.
      await expect(item).toHaveCount(0, {
        timeout: ((timing.answerSeconds ?? 40) + 60) * 1000,
      });
      continue;
    }

    if (!hasReloaded && partBar?.includes('Reading')) {
      // Reload in the reading section: the same item, the same time left (the server's clock).
      hasReloaded = true;
      const timer = exam.getByRole('timer', { name: 'Time Remaining', exact: true });
      const before = await timerSeconds(timer);
      const at = Date.now();
      await exam.reload();
      await exam
        .getByRole('region', { name: 'Resume' })
        .getByRole('button', { name: 'Continue' })
        .click();
      // No speaking item is left: no microphone check.
      await expect(exam.getByRole('region', { name: label, exact: true })).toBeVisible();
      const after = await timerSeconds(timer);
      const expected = before - (Date.now() - at) / 1000;
      expect(Math.abs(after - expected)).toBeLessThanOrEqual(2);
    }

    await answerWritten(exam, exam.getByRole('region', { name: label, exact: true }), current, key);
    await expect(exam.getByRole('region', { name: label, exact: true })).toHaveCount(0, {
      timeout: 60_000,
    });
  }
  expect(hasReloaded).toBe(true);
  expect(spoken).toEqual(['PI', 'RA', 'RS', 'DI', 'RL', 'ASQ', 'SGD', 'RTS']);
  const ended = exam.getByRole('region', { name: 'Test Complete' });
  await expect(ended).toBeVisible();
  // The English exam screen shows no Chinese, its end included.
  await expect(ended).not.toContainText(/[\u4e00-\u9fff]/);

  // The report: scoring, then the bands; every item scored as it was answered; an analysis.
  await ended.getByRole('link', { name: 'View score report' }).click();
  await expect(exam).toHaveURL(new RegExp(`/mock/report/${paperId}$`));
  const bands = exam.getByRole('region', { name: '总分与单项' });
  await expect(bands).toBeVisible({ timeout: 600_000 });
  await expect(bands.getByRole('img', { name: /^总分：/ })).toBeVisible();
  await expect(bands.getByText('练习估分', { exact: false }).first()).toBeVisible();
  const report = (await (await request.get(`/api/mock/reports/${paperId}`)).json())
    .data as MockReport;
  const outcomes = report.items.map(
    (item) =>
      `${item.type} ${item.status} ${item.score ?? '-'}/${item.max ?? '-'}${item.reasonZh ? ` (${item.reasonZh})` : ''}`,
  );
  console.log(`mock-exam report: ${outcomes.join(', ')}`);
  for (const item of report.items) {
    if (item.type === 'PI') {
      expect(item.status).toBe('unscored');
      continue;
    }
    expect(item.submittedBy, `${item.type}`).toBe('learner');
    // Every answer is scored, open answers on a loaded machine included: the engine's time
    // limit counts CPU, not waiting for a core (a DI failed every try at load 30 when it did not).
    expect(item.status, `${item.type} ${item.reasonZh ?? ''}`).toBe('scored');
    if (SPEAKING.has(item.type) || ['SWT', 'WE', 'SST'].includes(item.type)) {
      // Open answers: a good answer scores, whatever the engine's exact figure.
      expect(item.score, `${item.type}`).toBeGreaterThan(0);
    } else {
      // Keyed items answered by the key score full marks.
      expect(item.score, `${item.type}`).toBe(item.max);
    }
  }
  await exam
    .getByRole('region', { name: '逐题' })
    .getByRole('link', { name: '解析' })
    .nth(1)
    .click();
  await expect(exam).toHaveURL(new RegExp(`/mock/Mock-Analysis/${paperId}/1$`));
  await expect(
    exam
      .getByRole('region', { name: '评分结果' })
      .or(exam.getByRole('region', { name: '答案与解析' })),
  ).toBeVisible();
  await expect(exam.getByRole('link', { name: '下一题' }).first()).toBeVisible();
  if (itemBrowser) await (itemBrowser as Browser).close();

  // Public: signed out, the report shows the scores and no audio; the H5 transcript fits 375 px.
  const visitor = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const stranger = await visitor.newPage();
  await stranger.goto(`/mock/report/${paperId}`);
  await expect(stranger.getByRole('region', { name: '总分与单项' })).toBeVisible();
  await expect(stranger.locator('audio')).toHaveCount(0);
  await stranger.goto(`/H5/report/${paperId}`);
  await expect(stranger.getByRole('region', { name: '总分与单项' })).toBeVisible();
  await expect(stranger.locator('audio')).toHaveCount(0);
  const width = await stranger.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await visitor.close();
});
