import type { APIRequestContext, Page } from '@playwright/test';
import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

/**
 * Practising one item of each of the 15 written types end to end, as a learner: open the exercise page,
 * answer through the type's own controls, submit, and read the server's score. Each test signs
 * in its own learner, so the daily quota of one is never the limit.
 */

type Key = Record<string, unknown>;

async function learner(page: Page, request: APIRequestContext): Promise<string> {
  const token = await signInByApi(request, uniquePhone());
  await useToken(page, token);
  return token;
}

async function keyOf(request: APIRequestContext, token: string, id: string): Promise<Key> {
  const response = await request.get(`/api/posts/answer?id=${id}`, { headers: { token } });
  expect(response.ok()).toBe(true);
  return (await response.json()).data.key as Key;
}

const blanksOf = (key: Key) =>
  [...(key['answers'] as { blank: number; answer: string }[])].sort((a, b) => a.blank - b.blank);

/** How a learner enters the key's answer with each type's controls. */
const answerWith: Record<string, (page: Page, key: Key) => Promise<void>> = {
  RWFIB: async (page, key) => {
    for (const { blank, answer } of blanksOf(key)) {
      await page.getByRole('combobox', { name: `第 ${blank} 空` }).click();
      await page
        .locator('.ant-select-dropdown:visible')
        .getByTitle(answer, { exact: true })
        .click();
    }
  },
  RFIB: async (page, key) => {
    for (const { blank, answer } of blanksOf(key)) {
      await page.getByRole('button', { name: `第 ${blank} 空`, exact: true }).click();
      await page
        .getByRole('group', { name: '备选词' })
        .getByRole('button', { name: answer, exact: true })
        .click();
    }
  },
  LFIB: async (page, key) => {
    for (const { blank, answer } of blanksOf(key)) {
      await page.getByRole('textbox', { name: `第 ${blank} 空` }).fill(answer);
    }
  },
  RO: async (page, key) => {
    for (const id of key['order'] as string[]) {
      await page.getByRole('button', { name: `把段落 ${id} 放到右侧末尾` }).click();
    }
  },
  HIW: async (page, key) => {
    const words = page.locator('button[aria-pressed]');
    for (const change of key['changes'] as { index: number }[]) {
      await words.nth(change.index).click();
    }
  },
  WFD: async (page, key) => {
    await page.getByRole('textbox', { name: '听写句子' }).fill(String(key['sentence']));
  },
  // The writing types: the bank's sample answer earns every trait in full.
  SWT: async (page, key) => {
    await page.getByRole('textbox', { name: '一句话总结' }).fill(String(key['sampleAnswer']));
  },
  WE: async (page, key) => {
    await page.getByRole('textbox', { name: '作文' }).fill(String(key['sampleAnswer']));
  },
  SST: async (page, key) => {
    await page.getByRole('textbox', { name: '听力总结' }).fill(String(key['sampleAnswer']));
  },
};
const choose = async (page: Page, key: Key) => {
  for (const id of key['correct'] as string[]) await page.locator(`input[value="${id}"]`).check();
};
for (const code of ['RMCM', 'RMCS', 'LMCM', 'LMCS', 'HCS', 'SMW']) answerWith[code] = choose;

for (const [code, answer] of Object.entries(answerWith)) {
  test(`${code}: answer with the key's answer and get full marks from the server`, async ({
    page,
    request,
  }) => {
    const token = await learner(page, request);
    const id = `${code.toLowerCase()}-0001`;
    const key = await keyOf(request, token, id);
    await page.goto(`/exp/${code}/${id}`);
    await expect(page.getByRole('heading', { name: new RegExp(`${code}$`) })).toBeVisible();
    await answer(page, key);
    await page.getByRole('button', { name: /^提\s?交$/ }).click();

    const result = page.getByRole('region', { name: '评分结果' });
    await expect(result).toBeVisible();
    const score = (await result.locator('p').first().textContent()) ?? '';
    const [, got, max] = /得分\s*(\d+)\s*\/\s*(\d+)/.exec(score) ?? [];
    expect(Number(max)).toBeGreaterThan(0);
    expect(got).toBe(max);
    await expect(result.getByText('解析')).toBeVisible();
    await expect(result.getByLabel('估分')).toContainText('估分 90 / 90');
    // The attempt is in the learner's history, and 重做 starts again.
    await expect(page.getByRole('region', { name: '我的练习记录' })).toContainText(
      `得分 ${max}/${max}`,
    );
    await page.getByRole('button', { name: /^重\s?做$/ }).click();
    await expect(result).toBeHidden();
  });
}

test('a dictation with mistakes shows missed words in brackets and extra words struck through', async ({
  page,
  request,
}) => {
  await learner(page, request);
  await page.goto('/exp/WFD/wfd-0001');
  await page
    .getByRole('textbox', { name: '听写句子' })
    .fill('The library will extend its hours during the exam period');
  await page.getByRole('button', { name: /^提\s?交$/ }).click();
  const diff = page.getByLabel('逐词对照');
  await expect(diff.locator('del')).toHaveText('exam');
  await expect(diff).toContainText('[opening]');
  await expect(diff).toContainText('[examination]');
});

test('a summary with a misspelt word shows where the mark went, beside the key points and the sample', async ({
  page,
  request,
}) => {
  const token = await learner(page, request);
  const key = await keyOf(request, token, 'sst-0001');
  const sample = String(key['sampleAnswer']);
  // One misspelling: spelling 1 of 2 (pte-rules §Part 3, SST).
  const text = sample.replace(/\bthe\b/, 'teh');
  await page.goto('/exp/SST/sst-0001');
  // Ten minutes, counting down from the page's load: a busy machine may read it a second in.
  await expect(page.getByRole('timer')).toHaveText(/Time Remaining (10:00|09:\d\d)/);
  const box = page.getByRole('textbox', { name: '听力总结' });
  await box.fill(text);
  await expect(page.getByText(/^Total Word Count: \d+$/)).toBeVisible();
  await page.getByRole('button', { name: /^提\s?交$/ }).click();
  const result = page.getByRole('region', { name: '评分结果' });
  await expect(result.getByRole('row', { name: /拼写\s+1 \/ 2/ })).toBeVisible();
  await expect(result.getByLabel('问题列表')).toContainText('teh');
  await expect(result.getByLabel('要点覆盖')).toContainText('✓');
  await expect(result.getByText('范文')).toBeVisible();
  await expect(result.getByLabel('估分')).toContainText('计入写作、听力');
});

test('an essay in bullet points loses form, and the gate makes the item 0', async ({
  page,
  request,
}) => {
  await learner(page, request);
  await page.goto('/exp/WE/we-0001');
  await page
    .getByRole('textbox', { name: '作文' })
    .fill('- Online courses are flexible.\n- Classrooms give interaction.\n- I disagree.');
  await page.getByRole('button', { name: /^提\s?交$/ }).click();
  const result = page.getByRole('region', { name: '评分结果' });
  await expect(result.locator('p').first()).toContainText('得分 0 /');
  await expect(result).toContainText('整题记 0 分');
  await expect(result).toContainText('项目符号');
});
