import type { Page } from '@playwright/test';
import { signInByApi, uniquePhone } from './accounts-api';
import { watchConsole } from './console-guard';
import { expect, test, useToken } from './fixtures';

/**
 * Speaking in Chromium with a fake microphone (the `fake-microphone` project in
 * playwright.config.ts plays e2e/fixtures/fake-mic.wav into getUserMedia): the capture chain, the
 * level meter, the record test, the speaking flow, the upload and the speech engine's coloured
 * result from the real server.
 */

// These journeys speak and listen in real time (a recording, its 3 s silence cutoff, a prompt that
// plays, then the engine): a Read Aloud took 37.5 s of a loaded machine, past the 30 s default.
test.describe.configure({ timeout: 90_000 });

interface Wav {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  durationSeconds: number;
  rms: number;
}

/** Reads a canonical PCM WAV as the app writes it, and its loudness. */
function readWav(body: Buffer): Wav {
  expect(body.toString('ascii', 0, 4)).toBe('RIFF');
  expect(body.toString('ascii', 8, 12)).toBe('WAVE');
  expect(body.toString('ascii', 12, 16)).toBe('fmt ');
  expect(body.toString('ascii', 36, 40)).toBe('data');
  const channels = body.readUInt16LE(22);
  const sampleRate = body.readUInt32LE(24);
  const bitsPerSample = body.readUInt16LE(34);
  const dataBytes = body.readUInt32LE(40);
  expect(body.length).toBe(44 + dataBytes);
  let sum = 0;
  for (let offset = 44; offset < body.length; offset += 2)
    sum += (body.readInt16LE(offset) / 32768) ** 2;
  return {
    format: body.readUInt16LE(20),
    channels,
    sampleRate,
    bitsPerSample,
    durationSeconds: dataBytes / (channels * (bitsPerSample / 8) * sampleRate),
    rms: Math.sqrt(sum / (dataBytes / 2)),
  };
}

interface Upload {
  url: URL;
  contentType: string | null;
  wav: Wav;
}

/**
 * Records each upload to POST /api/posts/examedVoice on its way to the real server (the speech
 * engine scores it), so a journey can check what the browser sent as well as what came back.
 */
async function watchVoiceUploads(page: Page): Promise<Upload[]> {
  const uploads: Upload[] = [];
  await page.route('**/api/posts/examedVoice**', async (route) => {
    const upload = route.request();
    const body = upload.postDataBuffer();
    expect(body).not.toBeNull();
    uploads.push({
      url: new URL(upload.url()),
      contentType: await upload.headerValue('content-type'),
      wav: readWav(body!),
    });
    await route.continue();
  });
  return uploads;
}

/**
 * The meter's readings, collected in the page as they change, once it has shown `distinct`
 * different values and one above `loud` (the test's timeout fails a meter that never does).
 */
function meterMoves(page: Page, distinct: number, loud: number): Promise<number[]> {
  return page.getByRole('meter', { name: '输入音量' }).evaluate(
    (meter, { distinct, loud }) =>
      new Promise<number[]>((resolve) => {
        const values = new Set<number>();
        const read = () => {
          values.add(Number(meter.getAttribute('aria-valuenow')));
          if (values.size < distinct || Math.max(...values) <= loud) return;
          observer.disconnect();
          resolve([...values]);
        };
        const observer = new MutationObserver(read);
        observer.observe(meter, { attributes: true, attributeFilter: ['aria-valuenow'] });
        read();
      }),
    { distinct, loud },
  );
}

test('the record test names the microphone, shows a moving level, and records 5 s to play back', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/RecordTest');
  await page.getByRole('button', { name: '开始检测' }).click();
  await expect(page.getByText(/当前麦克风：.*Fake/)).toBeVisible();
  await expect(page.getByRole('list', { name: '麦克风列表' })).toContainText('Fake');

  // The file's speech moves the meter: several different, clearly non-zero readings.
  const values = await meterMoves(page, 4, 30);
  expect(Math.max(...values)).toBeGreaterThan(30);
  expect(new Set(values).size).toBeGreaterThan(3);

  await page.getByRole('button', { name: '录 5 秒并回放' }).click();
  await expect(page.getByRole('button', { name: /录音中/ })).toBeVisible();
  const playback = page.getByLabel('录音回放');
  await expect(playback).toBeVisible({ timeout: 10_000 });
  const duration = await playback.evaluate(
    (element: HTMLAudioElement) =>
      new Promise<number>((resolve) => {
        if (Number.isFinite(element.duration) && element.duration > 0) resolve(element.duration);
        else element.addEventListener('loadedmetadata', () => resolve(element.duration));
      }),
  );
  expect(duration).toBeCloseTo(5, 1);
  expect(problems()).toEqual([]);
});

test('a Read Aloud item: skip the preparation, record until the silence cutoff, upload a 16 kHz mono WAV', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));

  const uploads = await watchVoiceUploads(page);

  await page.goto('/exp/RA/ra-0001');
  await expect(page.getByText(/^Look at the text below/)).toBeVisible();
  await expect(page.getByText(/^Honeybees are often praised/)).toBeVisible();
  const status = page.getByRole('status', { name: '录音状态' });
  await expect(status).toHaveText('Current Status: Waiting');

  await page.getByRole('button', { name: '开始答题' }).click();
  // ra-0001 has 55 words: 40 s of preparation (pte-rules "30–40 s by length").
  await expect(status).toHaveText(/Current Status: Beginning in (40|39) seconds/);
  await page.getByRole('button', { name: '跳过等待' }).click();
  await expect(status).toHaveText('Current Status: Recording');
  await expect(page.getByRole('meter', { name: '输入音量' })).toBeVisible();
  // The file's speech ends, then 3 s of silence close the microphone.
  await expect(status).toHaveText('Current Status: Completed', { timeout: 15_000 });
  await expect(page.getByText('正在评分…')).toBeVisible();
  const result = page.getByRole('region', { name: '评分结果' });
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('回放我的录音')).toBeVisible();
  // The recording as stored (under the learner's own prefix) is played from a signed link that
  // expires, and it loads.
  const stored = result.locator('audio');
  await expect(stored).toHaveAttribute(
    'src',
    /^\/files\/recordings\/\d+\/[0-9a-f-]{36}\.wav\?expires=\d+&signature=[\w-]+$/,
  );
  await expect
    .poll(() => stored.evaluate((audio: HTMLAudioElement) => audio.readyState))
    .toBeGreaterThan(0);
  await expect(result.getByText(/录音暂时无法播放/)).toHaveCount(0);
  // The fake microphone reads the text's first sentence: its words are heard and coloured by band,
  // the rest of the text is marked as not heard, in brackets. The file starts playing when the
  // microphone opens, before the countdown, and "Honeybees" begins 0.55 s into it: on a busy
  // machine the skip and the tone take longer than that and the first word is rightly not heard.
  // "producing", the sixth word, starts about 2 s in.
  const scoredWords = result.getByLabel('逐词评分').getByRole('button');
  await expect(scoredWords).toHaveCount(55);
  const producing = scoredWords.nth(5);
  await expect(producing).toHaveText('producing');
  await expect(producing).toHaveAttribute('data-status', /^[0-9]$/);
  await expect(scoredWords.last()).toHaveText(/^\[.+\]$/);
  await expect(result.getByLabel('估分')).toContainText('/ 90');
  // A word opens its phonemes (IPA).
  await producing.click();
  await expect(result.getByLabel('“producing” 的音素')).toBeVisible();

  expect(uploads).toHaveLength(1);
  const { url, contentType, wav } = uploads[0]!;
  expect(url.pathname).toBe('/api/posts/examedVoice');
  expect(url.searchParams.get('itemId')).toBe('ra-0001');
  expect(url.searchParams.get('idempotencyKey')).toMatch(/^[0-9a-f-]{36}$/);
  expect(Number(url.searchParams.get('timeSpentSeconds'))).toBeGreaterThanOrEqual(3);
  expect(contentType).toBe('audio/wav');
  expect(wav).toMatchObject({ format: 1, channels: 1, sampleRate: 16000, bitsPerSample: 16 });
  // At most the 7.2 s file after the tone, plus the 3 s cutoff; at least the cutoff and some speech.
  expect(wav.durationSeconds).toBeGreaterThan(4);
  expect(wav.durationSeconds).toBeLessThan(11);
  // Speech, not a silent file: well above the fixture's −60 dBFS floor.
  expect(wav.rms).toBeGreaterThan(0.01);

  // 重做 starts the item again, with a fresh microphone.
  await page.getByRole('button', { name: /^重\s?做$/ }).click();
  await expect(status).toHaveText(/Current Status: Beginning in/);
  await expect(page.getByRole('region', { name: '评分结果' })).toBeHidden();
});

test('a Repeat Sentence item: the sentence plays after its countdown, then the tone and the recording', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  const uploads = await watchVoiceUploads(page);
  await page.goto('/exp/RS/rs-0001');
  const prompt = page.getByRole('group', { name: '题目音频' });
  const status = page.getByRole('status', { name: '录音状态' });
  await expect(prompt.getByRole('status')).toHaveText('Status: Waiting');

  // Keyboard only: the start button is reachable and Enter presses it.
  await page.getByRole('button', { name: '开始答题' }).focus();
  await page.keyboard.press('Enter');
  await expect(prompt.getByRole('status')).toHaveText(/Status: Beginning in [23] seconds/);
  await page.getByRole('button', { name: '跳过等待' }).click();
  await expect(prompt.getByRole('status')).toHaveText('Status: Playing');
  await expect(status).toHaveText('Current Status: Waiting');
  // RS has no preparation: the tone follows the sentence (6.4 s), then the microphone opens.
  await expect(status).toHaveText('Current Status: Recording', { timeout: 15_000 });
  await expect(prompt.getByRole('status')).toHaveText('Status: Completed');
  await page.getByRole('button', { name: '结束录音' }).click();
  await expect(status).toHaveText('Current Status: Completed');
  await expect(page.getByRole('region', { name: '评分结果' })).toBeVisible({ timeout: 20_000 });
  expect(uploads).toHaveLength(1);
  expect(uploads[0]!.url.searchParams.get('itemId')).toBe('rs-0001');
  expect(uploads[0]!.wav.sampleRate).toBe(16000);
});

test('Personal Introduction is recorded and played back, never uploaded', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  const uploads = await watchVoiceUploads(page);
  let voiceRequests = 0;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/posts/examedVoice') voiceRequests += 1;
  });
  await page.goto('/exp/PI/pi-0001');
  await expect(page.getByText(/自我介绍不计分/)).toBeVisible();
  await page.getByRole('button', { name: '开始答题' }).click();
  await page.getByRole('button', { name: '跳过等待' }).click();
  const status = page.getByRole('status', { name: '录音状态' });
  await expect(status).toHaveText('Current Status: Recording');
  await page.getByRole('button', { name: '结束录音' }).click();
  await expect(page.getByLabel('回放我的录音')).toBeVisible();
  // A scored recording is sent in the same step that makes its playback. A request the page sends
  // now goes out after any such upload, so once it is answered an upload would have been seen.
  await page.evaluate(() => fetch('/api/health'));
  expect(voiceRequests).toBe(0);
  expect(uploads).toHaveLength(0);
  await expect(page.getByText('正在评分…')).toBeHidden();
});

test('at 360 px the record test and a speaking item fit the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await page.goto('/RecordTest');
  await page.getByRole('button', { name: '开始检测' }).click();
  await expect(page.getByRole('meter', { name: '输入音量' })).toBeVisible();
  expect(await fits()).toBe(true);

  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/exp/DI/di-0001');
  await expect(page.getByRole('img').first()).toBeVisible();
  await page.getByRole('button', { name: '开始答题' }).click();
  await expect(page.getByRole('status', { name: '录音状态' })).toHaveText(
    /Current Status: Beginning in 2[45] seconds/,
  );
  expect(await fits()).toBe(true);
});

test('a Describe Image answer is scored by keywords: the ones heard and the ones missed', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  const uploads = await watchVoiceUploads(page);
  await page.goto('/exp/DI/di-0001');
  await page.getByRole('button', { name: '开始答题' }).click();
  await page.getByRole('button', { name: '跳过等待' }).click();
  const status = page.getByRole('status', { name: '录音状态' });
  await expect(status).toHaveText('Current Status: Recording');
  // The fake microphone reads about honeybees, not this chart: few or none of its keywords.
  await expect(status).toHaveText('Current Status: Completed', { timeout: 15_000 });
  const result = page.getByRole('region', { name: '评分结果' });
  await expect(result).toBeVisible({ timeout: 30_000 });
  expect(uploads).toHaveLength(1);
  const keywords = result.getByLabel('关键词');
  await expect(keywords).toContainText('答到的关键词');
  await expect(keywords).toContainText('没有提到');
  await expect(result.getByLabel('估分')).toContainText('/ 90');
});

test('an Answer Short Question: the question plays, the answer is recorded, and silence is 没有听清', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  const uploads = await watchVoiceUploads(page);
  await page.goto('/exp/ASQ/asq-0001');
  await page.getByRole('button', { name: '开始答题' }).click();
  await page.getByRole('button', { name: '跳过等待' }).click();
  const status = page.getByRole('status', { name: '录音状态' });
  // The question plays, then the tone and the 10 s answer. The fake microphone's file starts when
  // the microphone opens (before the question) and is over by then: the answer is silent.
  await expect(status).toHaveText('Current Status: Recording', { timeout: 20_000 });
  await expect(status).toHaveText('Current Status: Completed', { timeout: 15_000 });
  const result = page.getByRole('region', { name: '评分结果' });
  await expect(result).toBeVisible({ timeout: 30_000 });
  expect(uploads).toHaveLength(1);
  await expect(result.getByRole('alert')).toContainText('没有听清');
  // The fake device's file ended long ago, yet the track stays live: no "microphone lost".
  await expect(page.getByText('麦克风已断开')).toHaveCount(0);
  // Stored as the learner made it: the attempt is in the history with 0 points.
  await expect(page.getByRole('region', { name: '我的练习记录' })).toContainText('得分 0/1');
});

/**
 * The two long-prompt types, through the same runner as the others: the lecture or discussion
 * plays (sped up by the test: 60–90 s of audio would only wait), the preparation is skipped, the
 * answer is recorded and scored, and the practice is reported to 学习中心 (spec §7, type 2).
 */
for (const { code, prompt } of [
  { code: 'RL', prompt: 'lecture' },
  { code: 'SGD', prompt: 'discussion' },
]) {
  test(`an ${code} item: the ${prompt} plays, the answer is recorded and scored, and the practice counts in 学习中心`, async ({
    page,
    request,
  }) => {
    await useToken(page, await signInByApi(request, uniquePhone()));
    const uploads = await watchVoiceUploads(page);
    const id = `${code.toLowerCase()}-0001`;
    await page.goto(`/exp/${code}/${id}`);
    await page.getByRole('button', { name: '开始答题' }).click();
    await page.getByRole('button', { name: '跳过等待' }).click();
    const audio = page.getByRole('group', { name: '题目音频' });
    await expect(audio.getByRole('status')).toHaveText('Status: Playing');
    await audio.locator('audio').evaluate((element: HTMLAudioElement) => {
      element.playbackRate = 16;
    });
    await expect(audio.getByRole('status')).toHaveText('Status: Completed', { timeout: 20_000 });
    // Both give 10 s to prepare.
    await page.getByRole('button', { name: '跳过等待' }).click();
    const status = page.getByRole('status', { name: '录音状态' });
    await expect(status).toHaveText('Current Status: Recording', { timeout: 15_000 });
    const counted = page.waitForRequest(
      (sent) =>
        new URL(sent.url()).pathname === '/api/postsV2/saveTimedOrCount' &&
        new URL(sent.url()).searchParams.get('type') === '2',
    );
    await page.getByRole('button', { name: '结束录音' }).click();
    await expect(status).toHaveText('Current Status: Completed');
    const result = page.getByRole('region', { name: '评分结果' });
    await expect(result).toBeVisible({ timeout: 30_000 });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.url.searchParams.get('itemId')).toBe(id);
    await counted;
    await expect(page.getByRole('region', { name: '我的练习记录' })).toContainText('得分');
  });
}
