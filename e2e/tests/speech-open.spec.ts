import { existsSync } from 'node:fs';
import { OPEN_ANSWER_MICROPHONE } from '../support/open-answer-microphone';
import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

/**
 * An open answer end to end (the `open-answer-microphone` project plays a spoken answer to
 * rts-0001 into getUserMedia after 20 s of quiet): the prompt's countdown and audio, the
 * preparation, the tone, the recording, and the real server spotting the item's keywords in
 * pieces. Respond to a Situation stands for the open types; RL and SGD run the same flow with a
 * longer prompt.
 */

test.skip(
  !existsSync(OPEN_ANSWER_MICROPHONE),
  'needs espeak-ng and sox to make the open-answer microphone',
);

test('a Respond to a Situation answer is recorded after the prompt and scored by its keywords', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/exp/RTS/rts-0001');
  await expect(page.getByText(/One member has missed the last two meetings/)).toBeVisible();
  await page.getByRole('button', { name: '开始答题' }).click();
  // The countdown before the situation is read out may be skipped; the audio itself may not.
  await page.getByRole('button', { name: '跳过等待' }).click();
  const status = page.getByRole('status', { name: '录音状态' });
  await expect(status).toHaveText(/Beginning in \d+ seconds?/, { timeout: 30_000 });
  await page.getByRole('button', { name: '跳过等待' }).click();
  await expect(status).toHaveText('Current Status: Recording');
  // The answer starts a few seconds in and ends with 3 s of quiet, which closes the microphone.
  await expect(status).toHaveText('Current Status: Completed', { timeout: 45_000 });
  await expect(page.getByText('麦克风已断开')).toHaveCount(0);

  const result = page.getByRole('region', { name: '评分结果' });
  await expect(result).toBeVisible({ timeout: 30_000 });
  const keywords = result.getByLabel('关键词');
  await expect(keywords).toContainText('答到的关键词');
  // espeak's reading is clear: the plan and the offer of help are heard.
  await expect(keywords).toContainText(/Thursday|Wednesday|plan/);
  await expect(keywords).toContainText(/help|okay|problem/);
  await expect(result.getByLabel('估分')).toContainText('/ 90');
  await expect(page.getByRole('region', { name: '我的练习记录' })).toContainText('得分');
});
