interface Rule {
  pattern: RegExp;
  name: string;
}

// Order matters: Edge, Opera and the Chinese in-app browsers also say "Chrome" and "Safari".
const browsers: readonly Rule[] = [
  { pattern: /MicroMessenger\//, name: '微信内置浏览器' },
  { pattern: /\bQQ\//, name: 'QQ 内置浏览器' },
  { pattern: /QQBrowser\//, name: 'QQ 浏览器' },
  { pattern: /UCBrowser\//, name: 'UC 浏览器' },
  { pattern: /Quark\//, name: '夸克浏览器' },
  { pattern: /Edg(?:e|A|iOS)?\//, name: 'Edge 浏览器' },
  { pattern: /OPR\/|Opera/, name: 'Opera 浏览器' },
  { pattern: /SamsungBrowser\//, name: '三星浏览器' },
  { pattern: /Firefox\/|FxiOS\//, name: 'Firefox 浏览器' },
  { pattern: /Chrome\/|CriOS\//, name: 'Chrome 浏览器' },
  { pattern: /Version\/[\d.]+.*Safari\//, name: 'Safari 浏览器' },
];

const systems: readonly Rule[] = [
  { pattern: /Windows/, name: 'Windows' },
  // Before Android and Linux: HarmonyOS phones also name those.
  { pattern: /HarmonyOS|OpenHarmony/, name: 'HarmonyOS' },
  { pattern: /iPhone|iPad|iPod/, name: 'iOS' },
  { pattern: /Android/, name: 'Android' },
  { pattern: /CrOS/, name: 'ChromeOS' },
  { pattern: /Mac OS X|Macintosh/, name: 'macOS' },
  { pattern: /Linux|X11/, name: 'Linux' },
];

function firstMatch(rules: readonly Rule[], text: string): string | undefined {
  return rules.find((rule) => rule.pattern.test(text))?.name;
}

/** A user agent in words for the learner, e.g. "Chrome 浏览器（Windows）". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return '未知浏览器';
  const browser = firstMatch(browsers, userAgent) ?? '未知浏览器';
  const system = firstMatch(systems, userAgent);
  return system ? `${browser}（${system}）` : browser;
}
