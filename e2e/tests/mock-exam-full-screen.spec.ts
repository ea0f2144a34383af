import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

/**
 * PTE-MockExam is full screen (spec §2, issue 13): only the exam's own bar, as the real test,
 * and no site header (its brand link "Ninety 首页" was the way out); the exam's own controls lead
 * out instead — Exit from the check-in, Save and exit from a paper (resumable from 我的模考).
 */

test('the exam is full screen and is left through its own bar', async ({ page, request }) => {
  const token = await signInByApi(request, uniquePhone());
  await useToken(page, token);

  // The check-in: the exam's bar only; Exit goes back to the choice of papers.
  await page.goto('/mock/exam');
  await page
    .getByRole('region', { name: '全题型测试卷' })
    .getByRole('button', { name: '开始模考' })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^开\s?始$/ })
    .click();
  const intro = page.getByRole('region', { name: 'Test Introduction' });
  await expect(intro).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ninety 首页' })).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.getByRole('link', { name: 'Exit', exact: true }).click();
  await expect(page).toHaveURL(/\/mock\/exam$/);

  // A paper in progress: Save and exit (confirmed) leads to the records, where it is resumed.
  const started = await request.post('/api/mock/papers', {
    headers: { token },
    data: { blueprintId: 'test-all-types' },
  });
  expect(started.status()).toBe(200);
  const paperId = ((await started.json()) as { data: { id: string } }).data.id;
  await page.goto(`/PTE-MockExam?id=${paperId}`);
  const resume = page.getByRole('region', { name: 'Resume' });
  await expect(resume).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ninety 首页' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save and exit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save and exit' }).click();
  await expect(page).toHaveURL(/\/mock\/record$/);
  await page.getByRole('link', { name: '继续' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/PTE-MockExam\\?id=${paperId}$`));
  await expect(page.getByRole('region', { name: 'Resume' })).toBeVisible();
});
