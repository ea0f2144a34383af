import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { ConfigProvider, theme as antdThemeApi } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { declaredStyleNames, extractAntd } from '../../build/antd-static-styles';
import { fetchTokenSeed, seedStyleCache, type TokenSeed } from './antd-token-seed';
import { ANTD_TOKEN_SEED_ID, antdTheme } from './theme';

const extracted = (() => {
  let result: ReturnType<typeof extractAntd> | undefined;
  return () => (result ??= extractAntd(antdTheme));
})();

// The build writes antd's styles for our theme into a CSS file (issue 23); the built app then
// computes none in the browser. These check the two halves that must agree with antd's runtime.
describe('antd styles written at build time', () => {
  it('names a declaration the way antd registers its styles', () => {
    expect(declaredStyleNames("genStyleHooks('Button', fn, token)")).toEqual(['Button-Button']);
    expect(
      declaredStyleNames(
        "genSubStyleComponent(['Message', 'PurePanel'], fn);\ngenStyleHooks('Message', fn)",
      ),
    ).toEqual(['Message-PurePanel', 'Message-Message']);
    expect(declaredStyleNames('const { genStyleHooks } = genStyleUtils({})')).toEqual([]);
  });

  it("extracts each component's styles without hashed selectors, and the shared link style", () => {
    const { styles } = extracted();
    const css = (name: string) =>
      styles
        .filter((style) => style.name === name)
        .map((style) => style.css)
        .join('');
    // Unhashed, so they match the classes antd puts on elements with `hashed: false`.
    expect(css('Button-Button')).toContain('.ant-btn{');
    expect(css('Button-Button')).not.toContain(':where(.css-');
    expect(css('Select-Select')).toContain('.ant-select-dropdown');
    expect(css('Message-PurePanel')).not.toBe('');
    // Colours are the theme's CSS variables, which antd still writes in the browser.
    expect(css('Shared')).toContain('a{color:var(--ant-color-link)');
  }, 60_000);

  it("gives antd the build's token, which it then uses instead of deriving its own", () => {
    const { token } = extracted();
    // The token as the app receives it: through JSON, from the build's file.
    const seed = JSON.parse(JSON.stringify(token)) as TokenSeed;
    const cache = createCache();
    seedStyleCache(cache, seed);

    let colorPrimary = '';
    function Probe() {
      colorPrimary = antdThemeApi.useToken().token.colorPrimary;
      return null;
    }
    // As the built app renders it (providers.tsx): zeroRuntime, the same theme.
    render(
      <StyleProvider cache={cache}>
        <ConfigProvider theme={{ ...antdTheme, zeroRuntime: true }}>
          <Probe />
        </ConfigProvider>
      </StyleProvider>,
    );
    // The same object under the same path, and no second token: antd looked it up, derived none.
    expect(cache.opGet(seed[0])?.[1]).toBe(seed[1]);
    expect([...cache.cache.keys()].filter((key) => key.startsWith('token%'))).toEqual([seed[0]]);
    expect(colorPrimary).toBe('#2b59c3');
  }, 60_000);

  it('never writes over a token antd already holds', () => {
    const cache = createCache();
    const held = [2, { colorPrimary: '#000' }] as [number, unknown];
    cache.opUpdate('token%x', () => held);
    seedStyleCache(cache, ['token%x', { colorPrimary: '#fff' }]);
    expect(cache.opGet('token%x')).toBe(held);
  });
});

describe("fetching the build's token", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const pageWithLink = () => {
    const page = document.createElement('div');
    page.innerHTML = `<link rel="preload" as="fetch" id="${ANTD_TOKEN_SEED_ID}" href="/assets/antd-token-x.json">`;
    return page;
  };

  it('has none without the link (dev, unit tests), and asks for nothing', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await expect(fetchTokenSeed(document.createElement('div'))).resolves.toBeUndefined();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("reads the link's file", async () => {
    const fetchSpy = vi.fn(async () => Response.json(['token%a', { colorPrimary: '#2b59c3' }]));
    vi.stubGlobal('fetch', fetchSpy);
    await expect(fetchTokenSeed(pageWithLink())).resolves.toEqual([
      'token%a',
      { colorPrimary: '#2b59c3' },
    ]);
    expect(fetchSpy).toHaveBeenCalledWith(expect.stringMatching(/\/assets\/antd-token-x\.json$/));
  });

  it('has none when the file is missing, is not JSON, is not a token, or the network fails', async () => {
    for (const answer of [
      async () => new Response('not found', { status: 404 }),
      async () => new Response('{not json'),
      async () => Response.json({ colorPrimary: '#2b59c3' }),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ]) {
      vi.stubGlobal('fetch', vi.fn(answer));
      await expect(fetchTokenSeed(pageWithLink())).resolves.toBeUndefined();
    }
  });
});
