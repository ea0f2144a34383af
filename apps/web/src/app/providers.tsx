import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

dayjs.locale('zh-cn');

const theme: ThemeConfig = {
  token: { colorPrimary: '#2b59c3', borderRadius: 8 },
};

function AntdConfig({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
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
