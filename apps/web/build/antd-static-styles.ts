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
 *
 * Only the build uses it; dev and the unit tests keep antd's runtime styling.
 */
import { createRequire } from 'node:module';
import type { ThemeConfig } from 'antd';
import type * as Antd from 'antd';
import type * as ReactModule from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { Plugin } from 'vite';

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

/** Every antd style for the theme, in the order antd registered them. */
export function extractAntdStyles(theme: ThemeConfig): AntdStyle[] {
  // CommonJS builds, so Node loads them without a bundler; one copy of React, antd and cssinjs.
  const React = require('react') as typeof ReactModule;
  const antd = require('antd') as typeof Antd;
  const cssinjs = require('@ant-design/cssinjs') as {
    createCache: () => CssinjsCache;
    StyleProvider: ComponentType<{ cache: CssinjsCache; children?: ReactNode }>;
  };
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
  return styles;
}

export function antdStaticStyles(theme: ThemeConfig): Plugin {
  let base = '/';
  let fileName = '';
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
      const styles = extractAntdStyles(theme);
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
        if (!fileName) throw new Error('antd styles: the CSS file was not written');
        // First of the page's styles: antd's computed styles came before the app's, whose rules
        // override some of antd's at the same specificity (links, focus rings, the list's filters).
        const link = `<link rel="stylesheet" crossorigin href="${base}${fileName}">\n    `;
        const at = html.search(/<script type="module"|<link rel="stylesheet"/);
        if (at < 0) throw new Error('antd styles: no place for the link in index.html');
        return html.slice(0, at) + link + html.slice(at);
      },
    },
  };
}
