import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The helper keeps what it has linked for the page's life: a fresh copy per test.
async function freshHelper() {
  vi.resetModules();
  return import('./preload-in-batches');
}

const linksOf = (rel: string) =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)).map((link) =>
    new URL(link.href).pathname.slice(1),
  );
const scripts = (count: number, prefix = 'dep') =>
  Array.from({ length: count }, (_, index) => `assets/${prefix}-${index}.js`);

beforeEach(() => {
  document.head.innerHTML = '';
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('lazy chunks preloaded a few links per task (issue 23, ADR 0037)', () => {
  it('links the first batch with the import and the rest in the tasks after it', async () => {
    const { preloadInBatches, LINKS_PER_TASK } = await freshHelper();
    const deps = scripts(LINKS_PER_TASK * 2 + 1);
    const importer = vi.fn(() => Promise.resolve('module'));

    const loaded = preloadInBatches(importer, deps);
    expect(linksOf('modulepreload')).toEqual(deps.slice(0, LINKS_PER_TASK));
    // Script links are never waited for: the chunk loads beside them.
    await expect(loaded).resolves.toBe('module');
    expect(importer).toHaveBeenCalledTimes(1);

    vi.advanceTimersToNextTimer();
    expect(linksOf('modulepreload')).toEqual(deps.slice(0, LINKS_PER_TASK * 2));
    vi.advanceTimersToNextTimer();
    expect(linksOf('modulepreload')).toEqual(deps);
    expect(vi.getTimerCount()).toBe(0);
    for (const link of document.head.querySelectorAll<HTMLLinkElement>('link')) {
      expect(link.as).toBe('script');
      expect(link.crossOrigin).toBe('');
    }
  });

  it('links a module once, whether the HTML or an earlier import linked it', async () => {
    const html = document.createElement('link');
    html.rel = 'modulepreload';
    html.href = '/assets/shared.js';
    document.head.append(html);
    const { preloadInBatches } = await freshHelper();

    await preloadInBatches(() => Promise.resolve(1), ['assets/shared.js', 'assets/a.js']);
    await preloadInBatches(() => Promise.resolve(2), ['assets/a.js', 'assets/b.js']);
    await vi.runAllTimersAsync();
    expect(linksOf('modulepreload')).toEqual(['assets/shared.js', 'assets/a.js', 'assets/b.js']);
  });

  it('runs the chunk only once its stylesheets have loaded, as Vite does', async () => {
    const { preloadInBatches } = await freshHelper();
    const importer = vi.fn(() => Promise.resolve('page'));

    const loaded = preloadInBatches(importer, ['assets/page.css', 'assets/page.js']);
    const [sheet] = document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(sheet?.getAttribute('href')).toMatch(/\/assets\/page\.css$/);
    await vi.advanceTimersByTimeAsync(0);
    expect(importer).not.toHaveBeenCalled();

    sheet?.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBe('page');
    // A second import of the same chunk neither links nor waits for the sheet again.
    await expect(preloadInBatches(importer, ['assets/page.css'])).resolves.toBe('page');
    expect(linksOf('stylesheet')).toEqual(['assets/page.css']);
  });

  it('fails the import when a stylesheet or the chunk fails, announcing it first', async () => {
    const { preloadInBatches } = await freshHelper();
    const announced: unknown[] = [];
    const listener = (event: Event) =>
      announced.push((event as Event & { payload: unknown }).payload);
    window.addEventListener('vite:preloadError', listener);
    try {
      const importer = vi.fn(() => Promise.resolve('never'));
      const loaded = preloadInBatches(importer, ['assets/broken.css']);
      document.head.querySelector('link')?.dispatchEvent(new Event('error'));
      await expect(loaded).rejects.toThrow('Unable to preload CSS');
      expect(importer).not.toHaveBeenCalled();

      const gone = new TypeError('Failed to fetch dynamically imported module');
      await expect(preloadInBatches(() => Promise.reject(gone), [])).rejects.toBe(gone);
      expect(announced).toHaveLength(2);
      expect(announced[1]).toBe(gone);
    } finally {
      window.removeEventListener('vite:preloadError', listener);
    }
  });

  it('lets a listener that handles the failure settle the import', async () => {
    const { preloadInBatches } = await freshHelper();
    const handle = (event: Event) => event.preventDefault();
    window.addEventListener('vite:preloadError', handle);
    try {
      await expect(
        preloadInBatches(() => Promise.reject(new Error('gone')), ['assets/x.js']),
      ).resolves.toBeUndefined();
    } finally {
      window.removeEventListener('vite:preloadError', handle);
    }
  });
});
