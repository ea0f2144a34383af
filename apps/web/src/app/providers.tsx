import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { ThemeConfig } from 'antd';
// The ES module, not antd/locale/zh_CN (which requires antd's CommonJS build into the entry chunk).
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { antdTheme } from './theme';
import { fetchTokenSeed, seedStyleCache } from './antd-token-seed';

// No dayjs locale here: no page uses antd's date pickers, and the two dayjs formats in use
// ('M月D日 HH:mm') need none, so dayjs stays out of every page's first load (issue 23). A page
// that adds a date picker sets dayjs's zh-cn locale in its own module.

// The built app takes antd's styles from CSS written at build time for this theme
// (build/antd-static-styles.ts, issue 23): computing them in the browser was most of a phone's
// main thread on the list and the exercise. Dev and the unit tests keep antd's runtime styling.
const theme: ThemeConfig = { ...antdTheme, zeroRuntime: import.meta.env.PROD };
// One cache for the page and the toasts' holder, so the token the build derived serves both. The
// token, preloaded by the HTML, is in long before the first render; it is not waited for: if it
// comes later, antd has derived its own, which the seed does not replace (antd-token-seed.ts).
const styleCache = createCache();
void fetchTokenSeed().then((seed) => seed && seedStyleCache(styleCache, seed));

function AntdConfig({ children }: { children: ReactNode }) {
  return (
    // No space inserted between a two-character label's characters (antd's 搜 索, 取 消): the
    // site writes its buttons as words, the same in every button and confirm.
    <StyleProvider cache={styleCache}>
      <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}

// Toasts are shown through antd's static API from outside React; this gives them the same locale
// and theme as the rest of the page.
ConfigProvider.config({ holderRender: (children) => <AntdConfig>{children}</AntdConfig> });

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdConfig>{children}</AntdConfig>
    </QueryClientProvider>
  );
}
