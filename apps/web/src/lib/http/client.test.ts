import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from '../page';
import { toast } from '../toast';
import {
  NETWORK_ERROR_TEXT,
  SESSION_RELOAD_DELAY_MS,
  del,
  get,
  isSessionInvalid,
  post,
  resetHttpState,
  upload,
} from './client';
import { HttpError } from './http-error';

type FetchArgs = [url: string, init: RequestInit];

const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function answer(body: unknown, status = 200): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const call = fetchMock.mock.lastCall;
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url, init, headers: init.headers as Record<string, string> };
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected the call to reject');
}

let toastError: ReturnType<typeof vi.spyOn>;
let reload: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  toastError = vi.spyOn(toast, 'error').mockImplementation(() => {});
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
  resetHttpState();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('query building (spec §7)', () => {
  beforeEach(() => fetchMock.mockImplementation(() => answer({ data: null })));

  it('skips undefined, null and empty strings but keeps 0 and false', async () => {
    await get('/api/postsV2/list', {
      page: 1,
      updTopic: 0,
      isFull: false,
      code: '',
      termId: undefined,
      color: null,
      content: 'a b&c',
    });
    expect(lastCall().url).toBe('/api/postsV2/list?page=1&updTopic=0&isFull=false&content=a+b%26c');
  });

  it('adds no question mark when nothing is left', async () => {
    await get('/api/voice/getColor', { code: '', termId: undefined });
    expect(lastCall().url).toBe('/api/voice/getColor');
  });

  it('extends a URL that already has a query', async () => {
    await get('/api/posts/getfuzzy?perPage=30', { page: 2 });
    expect(lastCall().url).toBe('/api/posts/getfuzzy?perPage=30&page=2');
  });

  it('sends GET without a body', async () => {
    await get('/api/auth/getUser');
    expect(lastCall().init.method).toBe('GET');
    expect(lastCall().init.body).toBeUndefined();
  });
});

describe('standard headers (spec §3)', () => {
  beforeEach(() => fetchMock.mockImplementation(() => answer({ data: null })));

  const calls: [string, () => Promise<unknown>][] = [
    ['get', () => get('/api/auth/getUser')],
    ['post', () => post('/api/message/countryList')],
    ['upload', () => upload('/api/uploads/a.png', new Blob(['x']))],
    ['del', () => del('/api/listening/review/cards/1')],
  ];

  it.each(calls)('%s sends clientType, deviceType and Serviceversion', async (_name, call) => {
    await call();
    expect(lastCall().headers).toMatchObject({
      clientType: 'pcweb',
      deviceType: 'pcweb',
      Serviceversion: '42',
    });
    expect(lastCall().headers).not.toHaveProperty('token');
  });

  it.each(calls)('%s adds the stored token', async (_name, call) => {
    localStorage.setItem('token', 'tok-123');
    await call();
    expect(lastCall().headers.token).toBe('tok-123');
  });

  it('keeps extra headers next to the standard ones', async () => {
    await post('/api/message/sendSms', { phone: '1' }, { headers: { ts: '1', expire: '300' } });
    expect(lastCall().headers).toMatchObject({ ts: '1', expire: '300', clientType: 'pcweb' });
  });
});

describe('post and upload bodies (spec §7)', () => {
  beforeEach(() => fetchMock.mockImplementation(() => answer({ data: { ok: true } })));

  it('post sends a JSON body with its content type', async () => {
    await post('/api/auth/loginPhone', { phone: '13800000000', code: '123456', phonecode: 86 });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({
      phone: '13800000000',
      code: '123456',
      phonecode: 86,
    });
  });

  it('post without a body sends an empty JSON object', async () => {
    await post('/api/auth/getTokenByMobileToken', undefined, { headers: { mobileToken: 'm' } });
    expect(lastCall().init.body).toBe('{}');
    expect(lastCall().headers.mobileToken).toBe('m');
  });

  it('upload sends the raw body with the abort signal', async () => {
    const file = new File(['hello'], 'a.png', { type: 'image/png' });
    const controller = new AbortController();
    await upload('/api/uploads/a.png', file, { signal: controller.signal });
    const { init, headers } = lastCall();
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(file);
    expect(init.signal).toBe(controller.signal);
    expect(headers['content-type']).toBe('image/png');
  });

  it.each([
    ['a string', 'text', 'text/plain;charset=UTF-8'],
    ['an ArrayBuffer', new ArrayBuffer(4), 'application/octet-stream'],
    ['an untyped Blob', new Blob(['x']), 'application/octet-stream'],
  ])('upload accepts %s', async (_label, body, contentType) => {
    await upload('/api/uploads/x', body);
    expect(lastCall().init.body).toBe(body);
    expect(lastCall().headers['content-type']).toBe(contentType);
  });

  it('upload refuses a body that is not a file, blob or string', async () => {
    const error = await rejection(upload('/api/uploads/x', { not: 'a blob' } as unknown as Blob));
    expect(error.kind).toBe('bad-request');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('上传错误：上传内容必须是文件、Blob 或字符串');
  });
});

describe('delete', () => {
  it('sends DELETE without a body, with the query and the standard headers, and resolves data', async () => {
    localStorage.setItem('token', 'abc');
    fetchMock.mockImplementation(() => answer({ data: { removed: true } }));
    await expect(del('/api/listening/review/cards/7', { keep: 0 })).resolves.toEqual({
      removed: true,
    });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/listening/review/cards/7?keep=0');
    expect(init.method).toBe('DELETE');
    expect(init.body).toBeUndefined();
    expect(headers.token).toBe('abc');
    expect(headers['content-type']).toBeUndefined();
  });

  it('toasts a refusal as GET does, and not when quiet', async () => {
    fetchMock.mockImplementation(() => answer({ code: 40401, msg: '没有找到这张复习卡片' }, 404));
    expect((await rejection(del('/x'))).code).toBe(40401);
    expect(toastError).toHaveBeenCalledWith('没有找到这张复习卡片');
    toastError.mockClear();
    await rejection(del('/x', undefined, { quiet: true }));
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('the response envelope (spec §8)', () => {
  it('resolves with body.data', async () => {
    fetchMock.mockImplementation(() => answer({ data: { list: [1, 2], total: 2 } }));
    await expect(get('/api/postsV2/list')).resolves.toEqual({ list: [1, 2], total: 2 });
  });

  it('resolves an empty successful upload answer with undefined', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
    await expect(upload('/api/uploads/x', 'text')).resolves.toBeUndefined();
  });

  it('rejects quietly when the body says status 404', async () => {
    fetchMock.mockImplementation(() =>
      answer({ status: 404, error: 'Not Found', path: '/api/nope' }, 404),
    );
    const error = await rejection(get('/api/nope'));
    expect(error.kind).toBe('not-found');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('rejects a body with a code, carrying code and msg, and toasts msg', async () => {
    fetchMock.mockImplementation(() => answer({ code: 40002, msg: '验证码错误' }, 400));
    const error = await rejection(post('/api/auth/loginPhone', {}));
    expect(error).toMatchObject({ kind: 'code', code: 40002, msg: '验证码错误', status: 400 });
    expect(toastError).toHaveBeenCalledExactlyOnceWith('验证码错误');
  });

  it('treats a code as an error even with HTTP 200', async () => {
    fetchMock.mockImplementation(() => answer({ code: 2, msg: '等待扫码' }, 200));
    const error = await rejection(get('/api/auth/verifySceneId', { sceneId: 's' }));
    expect(error.code).toBe(2);
  });

  it('does not toast when the caller asks for quiet', async () => {
    fetchMock.mockImplementation(() => answer({ code: 2, msg: '等待扫码' }));
    const error = await rejection(get('/api/auth/verifySceneId', {}, { quiet: true }));
    expect(error.code).toBe(2);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('rejects and toasts when the body is not JSON', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    const error = await rejection(get('/api/auth/getUser'));
    expect(error).toMatchObject({ kind: 'bad-response', status: 502 });
    expect(toastError).toHaveBeenCalledExactlyOnceWith('服务器响应异常，请稍后再试');
  });
});

describe('session-invalid codes (spec §8)', () => {
  beforeEach(() => vi.useFakeTimers());

  it.each([10006, 100016, 100017, 100018])(
    'code %i with a token: sets the flag, clears local storage, reloads after 1.5 s',
    async (code) => {
      localStorage.setItem('token', 'tok');
      localStorage.setItem('userInfo', '{}');
      fetchMock.mockImplementation(() => answer({ code, msg: '登录已过期，请重新登录' }, 401));

      const error = await rejection(get('/api/auth/getUser'));

      expect(error.code).toBe(code);
      expect(isSessionInvalid()).toBe(true);
      expect(localStorage.length).toBe(0);
      expect(toastError).toHaveBeenCalledExactlyOnceWith('登录已过期，请重新登录');
      vi.advanceTimersByTime(SESSION_RELOAD_DELAY_MS - 1);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledTimes(1);
    },
  );

  it('keeps the answers in progress for the learner who signs back in', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('answerDraft:practice:we-0001', '{"v":1}');
    fetchMock.mockImplementation(() => answer({ code: 100017, msg: '已在其他地方登录' }, 401));

    await rejection(get('/api/auth/getUser'));

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('answerDraft:practice:we-0001')).toBe('{"v":1}');
    expect(localStorage.length).toBe(1);
  });

  it('without a token: no flag (no reload is coming to lift it), no clearing, no reload', async () => {
    localStorage.setItem('isZoom', 'true');
    fetchMock.mockImplementation(() => answer({ code: 10006, msg: '请先登录' }, 401));
    await rejection(get('/api/auth/getUser'));
    expect(isSessionInvalid()).toBe(false);
    expect(localStorage.getItem('isZoom')).toBe('true');
    vi.advanceTimersByTime(5_000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('once the flag is set, later calls are rejected quietly, even with a code', async () => {
    localStorage.setItem('token', 'tok');
    fetchMock.mockImplementation(() => answer({ code: 100017, msg: '已在其他地方登录' }, 401));
    await rejection(get('/api/auth/getUser'));
    toastError.mockClear();

    fetchMock.mockImplementation(() => answer({ code: 40001, msg: '请求参数有误' }, 400));
    const second = await rejection(post('/api/posts/examed', {}));
    expect(second.kind).toBe('session-ended');
    fetchMock.mockImplementation(() => answer({ data: 1 }));
    const third = await rejection(get('/api/postsV2/findUserWorkCount'));
    expect(third.kind).toBe('session-ended');
    expect(toastError).not.toHaveBeenCalled();

    vi.advanceTimersByTime(SESSION_RELOAD_DELAY_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('other codes do not set the flag', async () => {
    fetchMock.mockImplementation(() => answer({ code: 40301, msg: '剩余次数不足' }, 403));
    await rejection(get('/api/posts/examed'));
    expect(isSessionInvalid()).toBe(false);
  });
});

describe('network failures (spec §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
  });

  it('rejects with a network error and toasts 网络请求失败 after 1 s', async () => {
    const error = await rejection(get('/api/auth/getUser'));
    expect(error).toMatchObject({ kind: 'network', msg: NETWORK_ERROR_TEXT });
    expect(error.cause).toBeInstanceOf(TypeError);
    vi.advanceTimersByTime(999);
    expect(toastError).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(toastError).toHaveBeenCalledExactlyOnceWith('网络请求失败');
  });

  it('several failures within 1 s show one toast', async () => {
    await rejection(get('/api/a'));
    vi.advanceTimersByTime(400);
    await rejection(post('/api/b'));
    vi.advanceTimersByTime(400);
    await rejection(get('/api/c'));
    vi.advanceTimersByTime(999);
    expect(toastError).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(toastError).toHaveBeenCalledTimes(1);

    await rejection(get('/api/d'));
    vi.advanceTimersByTime(1_000);
    expect(toastError).toHaveBeenCalledTimes(2);
  });

  it('a quiet call shows no network toast', async () => {
    await rejection(get('/api/user/giveTokenByUUID', { uuid: 'u' }, { quiet: true }));
    vi.advanceTimersByTime(2_000);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('an aborted call is rejected without a toast', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockImplementation(() =>
      Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
    const error = await rejection(get('/api/a', {}, { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    vi.advanceTimersByTime(2_000);
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('upload errors (spec §8)', () => {
  it('toast 上传错误： plus the message and reject with it', async () => {
    fetchMock.mockImplementation(() => answer({ code: 41301, msg: '请求内容过大' }, 413));
    const error = await rejection(upload('/api/uploads/x', 'text'));
    expect(error.message).toBe('请求内容过大');
    expect(toastError).toHaveBeenCalledExactlyOnceWith('上传错误：请求内容过大');
  });

  it('a network failure toasts at once with the upload prefix', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(upload('/api/uploads/x', 'text'));
    expect(error.message).toBe(NETWORK_ERROR_TEXT);
    expect(toastError).toHaveBeenCalledExactlyOnceWith('上传错误：网络请求失败');
  });

  it('is silent when quiet', async () => {
    fetchMock.mockImplementation(() => answer({ code: 50000, msg: '服务器开小差了' }, 500));
    const error = await rejection(upload('/api/uploads/x', 'text', { quiet: true }));
    expect(error.message).toBe('服务器开小差了');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a cancelled upload is silent', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockImplementation(() =>
      Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
    const error = await rejection(upload('/api/uploads/x', 'text', { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(toastError).not.toHaveBeenCalled();
  });
});
