import type { DeviceSession } from '@ninety/contract';

interface LiveSessionRow {
  id: number;
  clientType: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** Operating systems, first match wins (iPad before Mac: iPadOS says "Macintosh" too). */
const SYSTEMS: [RegExp, string][] = [
  [/HarmonyOS|OpenHarmony/i, '鸿蒙'],
  [/iPhone/i, 'iPhone'],
  [/iPad/i, 'iPad'],
  [/Android/i, 'Android'],
  [/Windows/i, 'Windows'],
  [/Mac OS X|Macintosh/i, 'Mac'],
  [/CrOS/i, 'ChromeOS'],
  [/Linux/i, 'Linux'],
];

/** Browsers, first match wins (Edge and the Chinese browsers also say Chrome and Safari). */
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/i, '微信'],
  [/QQBrowser/i, 'QQ 浏览器'],
  [/UCBrowser/i, 'UC 浏览器'],
  [/Quark/i, '夸克'],
  [/Edg(e|A|iOS)?\//i, 'Edge'],
  [/OPR\//i, 'Opera'],
  [/Firefox|FxiOS/i, 'Firefox'],
  [/Chrome|CriOS|Chromium/i, 'Chrome'],
  [/Safari/i, 'Safari'],
];

const CLIENT_NAMES: Record<string, string> = {
  pcweb: '网页',
  h5: '手机网页',
  app: 'App',
};

/** "Windows · Chrome" from the browser's User-Agent, or the client type's name when it says nothing. */
export function deviceLabel(userAgent: string | null, clientType: string): string {
  const text = userAgent ?? '';
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1];
  const parts = [system, browser].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : (CLIENT_NAMES[clientType] ?? '未知设备');
}

/** The network part only: enough to recognise "that was me at home", not a full address. */
export function maskIp(ip: string | null): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.*.*`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter(Boolean).slice(0, 2);
    return `${groups.join(':')}:*`;
  }
  return null;
}

export function toDeviceSession(row: LiveSessionRow, currentSessionId: number): DeviceSession {
  return {
    id: row.id,
    clientType: row.clientType,
    device: deviceLabel(row.userAgent, row.clientType),
    ip: maskIp(row.ip),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  };
}
