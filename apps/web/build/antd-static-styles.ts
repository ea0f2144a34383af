/**
 * antd's styles written at build time (issue 23, ADR 0036). In the browser antd computes each
 * component's CSS from the theme on its first render (CSS-in-JS), on a phone's main thread. The
 * built app sets `zeroRuntime` on its ConfigProvider (providers.tsx), which skips that work, and
 * gets the same CSS from here:
 *
 * - antd's components are rendered once in Node (`@ant-design/static-style-extract`'s render of
 *   every export, inside a ConfigProvider with our theme, `src/app/theme.ts`) into a cssinjs
 *   cache of our own, so each style keeps the name antd registered it under (`Button-Button`,
 *   `Message-PurePanel`).
 * - The file holds the styles of the antd modules the bundle kept (each module's
 *   `genStyleHooks('Button', …)` declarations), lazy ones included (Select, Modal, the star's
 *   menu), so a component has its styles whenever it mounts.
 * - It is one file, linked first in the HTML: antd's runtime styles were inserted before the
 *   app's, whose rules override some of them at the same specificity (links, focus rings, the
 *   list's filters). Per-chunk files would arrive after the app's CSS and win instead.
 * - CSS variables (the theme's tokens, each component's) are left to antd in the browser:
 *   `zeroRuntime` still writes them, once per component, which is cheap.
 * - The theme's token, which antd derives on its first render (palettes, aliases, CSS variables:
 *   ~110–180 ms of a 4× throttled phone's first render, in one piece React cannot split), is
 *   written as a hashed JSON file, the same cache entry antd would make, preloaded from the
 *   HTML; the app hands it to antd's style cache before it renders (`src/app/antd-token-seed.ts`).
 *
 * Only the build uses it; dev and the unit tests keep antd's runtime styling.
 */
import { createRequire } from 'node:module';
import type { ThemeConfig } from 'antd';
import type * as Antd from 'antd';
import type * as ReactModule from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { Plugin } from 'vite';
import { ANTD_TOKEN_SEED_ID } from '../src/app/theme.ts';

const require = createRequire(import.meta.url);

const ANTD_ES = /[\\/]node_modules[\\/]antd[\\/]es[\\/]/;
/** A style declaration in antd's source: `genStyleHooks('Tag'`, `genSubStyleComponent(['Tag', 'preset']`. */
const STYLE_CALL =
  /gen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\(\s*(\[\s*'[^']*'\s*,\s*'[^']*'\s*\]|'[^']*')/g;
/** Declarations antd renders only where this app never goes, so they are not extracted. */
const NEVER_RENDERED = new Set([
  'Form-item-item', // a fallback for Internet Explorer's high-contrast mode
  'Pagination-bordered', // the wireframe theme only
]);
/** Styles registered outside a component: the global link and icon resets. */
const SHARED = ['Shared', 'ant-design-icons'];

/** The cache path antd registers a declaration's styles under (cssinjs-utils' `concatComponent`). */
export function declaredStyleNames(source: string): string[] {
  return [...source.matchAll(STYLE_CALL)].map((match) => {
    const cells = (match[1] ?? '').match(/'[^']*'/g)?.map((cell) => cell.slice(1, -1)) ?? [];
    return cells.length === 1 ? `${cells[0]}-${cells[0]}` : cells.join('-');
  });
}

interface CssinjsCache {
  cache: Map<string, [number, unknown]>;
}
type Extract = (
  value: unknown,
  effectStyles: Record<string, boolean>,
  options: { plain: boolean },
) => [order: number, styleId: string, css: string] | null;

interface AntdStyle {
  /** The name antd registered it under: `Button-Button`, `Message-PurePanel`. */
  name: string;
  /** antd's cascade order: a component's own styles (-999) before its sub-styles (-998). */
  order: number;
  css: string;
}

/** CommonJS builds, so Node loads them without a bundler; one copy of React, antd and cssinjs. */
function loadAntd() {
  return {
    React: require('react') as typeof ReactModule,
    antd: require('antd') as typeof Antd,
    cssinjs: require('@ant-design/cssinjs') as {
      createCache: () => CssinjsCache;
      StyleProvider: ComponentType<{ cache: CssinjsCache; children?: ReactNode }>;
    },
  };
}

/** antd's style cache entry for the theme's token: `[cache path, value]`, as JSON can carry it. */
export type AntdTokenEntry = [path: string, value: unknown];

/**
 * Every antd style for the theme, in the order antd registered them, and the theme's token as
 * antd caches it.
 */
export function extractAntd(theme: ThemeConfig): { styles: AntdStyle[]; token: AntdTokenEntry } {
  const { React, antd, cssinjs } = loadAntd();
  const { extract } = require('@ant-design/cssinjs/lib/hooks/useStyleRegister') as {
    extract: Extract;
  };
  const { extractStyle } = require('@ant-design/static-style-extract') as {
    extractStyle: (options: { customTheme: (node: unknown) => unknown }) => string;
  };
  const cache = cssinjs.createCache();
  // The package's own cache and output are not used: its render of each component (panels for
  // Modal and message, menus for Dropdown…) registers into ours, where each style keeps its name.
  extractStyle({
    customTheme: (node) =>
      React.createElement(
        cssinjs.StyleProvider,
        { cache },
        React.createElement(antd.ConfigProvider, { theme }, node as never),
      ),
  });
  const styles: AntdStyle[] = [];
  for (const [key, entry] of cache.cache) {
    // `style%<hash>%<name>%<prefixCls>%<iconPrefixCls>`; the hash is empty (theme.hashed false).
    const [kind, , name] = key.split('%');
    if (kind !== 'style' || !name) continue;
    const extracted = extract(entry[1], {}, { plain: true });
    if (extracted) styles.push({ name, order: extracted[0], css: extracted[2] });
  }
  return { styles, token: rootToken(theme) };
}

/**
 * The token of a ConfigProvider with the theme, as the app's root has it: rendered alone into a
 * cache of its own (the render of every component above also caches the tokens of components
 * that nest a theme of their own).
 */
function rootToken(theme: ThemeConfig): AntdTokenEntry {
  const { React, antd, cssinjs } = loadAntd();
  const { renderToString } = require('react-dom/server') as {
    renderToString: (node: ReactNode) => string;
  };
  const cache = cssinjs.createCache();
  function UsesToken() {
    antd.theme.useToken();
    return null;
  }
  renderToString(
    React.createElement(
      cssinjs.StyleProvider,
      { cache },
      React.createElement(antd.ConfigProvider, { theme }, React.createElement(UsesToken)),
    ),
  );
  // `token%<antd version>-%<theme id>%<seed hash>%<override hash>%<CSS variables hash>`.
  const tokens = [...cache.cache].filter(([key]) => key.startsWith('token%'));
  const [token, ...others] = tokens;
  if (!token || others.length > 0) {
    throw new Error(`antd styles: expected one theme token, found ${tokens.length}`);
  }
  return [token[0], token[1][1]];
}

export function antdStaticStyles(theme: ThemeConfig): Plugin {
  let base = '/';
  let fileName = '';
  let tokenFileName = '';
  /** antd's modules that declare styles, by id: antd's index loads them all, few end bundled. */
  const declared = new Map<string, string[]>();
  return {
    name: 'ninety:antd-static-styles',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    transform(code, id) {
      if (!ANTD_ES.test(id)) return null;
      const names = declaredStyleNames(code);
      if (names.length > 0) declared.set(id, names);
      return null;
    },
    generateBundle(_options, bundle) {
      const used = new Set<string>(SHARED);
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          if (module.renderedLength === 0) continue;
          for (const name of declared.get(id) ?? []) used.add(name);
        }
      }
      const { styles, token } = extractAntd(theme);
      // A file of its own, not a block in index.html: cached with the build's other assets
      // rather than sent again with every page, and not in the way of the stand-in's paint.
      const tokenFile = this.emitFile({
        type: 'asset',
        name: 'antd-token.json',
        source: JSON.stringify(token),
      });
      tokenFileName = this.getFileName(tokenFile);
      const extracted = new Set(styles.map((style) => style.name));
      const missing = [...used].filter((name) => !extracted.has(name) && !NEVER_RENDERED.has(name));
      // A declaration the render did not reach has no CSS: its component would show unstyled.
      if (missing.length > 0) {
        this.error(`antd styles not extracted (unstyled if used): ${missing.join(', ')}`);
      }
      const css = styles
        .filter((style) => used.has(style.name))
        .sort((a, b) => a.order - b.order)
        .map((style) => style.css)
        .join('');
      const reference = this.emitFile({ type: 'asset', name: 'antd.css', source: css });
      fileName = this.getFileName(reference);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!fileName || !tokenFileName) {
          throw new Error('antd styles: the CSS or the token file was not written');
        }
        // First of the page's styles: antd's computed styles came before the app's, whose rules
        // override some of antd's at the same specificity (links, focus rings, the list's filters).
        // The token's fetch starts with the page's (a preload, matched by the app's own fetch:
        // same URL, CORS mode, same-origin credentials), so it is in before the code that needs it.
        const links =
          `<link rel="stylesheet" crossorigin href="${base}${fileName}">\n    ` +
          `<link rel="preload" as="fetch" crossorigin id="${ANTD_TOKEN_SEED_ID}" href="${base}${tokenFileName}">\n    `;
        const at = html.search(/<script type="module"|<link rel="stylesheet"/);
        if (at < 0) throw new Error('antd styles: no place for the links in index.html');
        return html.slice(0, at) + links + html.slice(at);
      },
    },
  };
}
