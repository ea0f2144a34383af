import type { ThemeConfig } from 'antd';

// Text colours that pass WCAG AA (4.5:1) on white and the page grey (issue 23), where antd's
// defaults fail: descriptions rgba(0,0,0,.45), placeholders #bfbfbf, greens #52c41a/#389e0d,
// links #1677ff. The same values as the CSS variables in global.css.
//
// Plain data, read by the providers and by the build (vite.config.ts), which writes antd's
// styles for this theme into CSS files (build/antd-static-styles.ts): change it here only.
// No hashed class names and one CSS-variable scope, so the classes antd puts on its elements in
// the browser match the selectors written at build time.
export const antdTheme: ThemeConfig = {
  hashed: false,
  cssVar: { key: 'css-var-ninety' },
  token: {
    colorPrimary: '#2b59c3',
    colorInfo: '#2b59c3',
    colorLink: '#2b59c3',
    // antd lightens these on hover; white text on the lighter blue or red fell below 4.5:1.
    colorPrimaryHover: '#1f438f',
    colorPrimaryActive: '#1a3a7d',
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    borderRadius: 8,
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorSuccessText: '#237804',
    colorWarningText: '#874d00',
    colorErrorText: '#cf1322',
    colorInfoText: '#2b59c3',
    lineWidthFocus: 2,
  },
};

/** The id of index.html's data block holding the theme's token as antd caches it (the build's). */
export const ANTD_TOKEN_SEED_ID = 'antd-token';
