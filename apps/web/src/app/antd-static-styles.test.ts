import { describe, expect, it } from 'vitest';
import { declaredStyleNames, extractAntdStyles } from '../../build/antd-static-styles';
import { antdTheme } from './theme';

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
    const styles = extractAntdStyles(antdTheme);
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
});
