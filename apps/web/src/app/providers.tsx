import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { ThemeConfig } from 'antd';
// The ES module, not antd/locale/zh_CN (which requires antd's CommonJS build into the entry chunk).
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

// No dayjs locale here: no page uses antd's date pickers, and the two dayjs formats in use
// ('M月D日 HH:mm') need none, so dayjs stays out of every page's first load (issue 23). A page
// that adds a date picker sets dayjs's zh-cn locale in its own module.

// Text colours that pass WCAG AA (4.5:1) on white and the page grey (issue 23): antd's defaults
// (descriptions rgba(0,0,0,.45), placeholders #bfbfbf, greens #52c41a/#389e0d, links #1677ff) do
// not. The same values as the CSS variables in global.css.
const theme: ThemeConfig = {
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

function AntdConfig({ children }: { children: ReactNode }) {
  return (
    // No space inserted between a two-character label's characters (antd's 搜 索, 取 消): the
    // site writes its buttons as words, the same in every button and confirm.
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
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
