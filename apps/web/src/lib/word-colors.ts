import { defaultWordColorBands, SPEECH_SCORE_FACTOR, type WordColorBand } from '@ninety/contract';

/**
 * Word colour bands (spec §3): the type and the defaults live in the contract, shared with the
 * server's `GET /api/voice/getColor`; held in sessionStorage under `wordColors`.
 */
export { defaultWordColorBands, type WordColorBand };

/** A speech engine score is multiplied by this to reach the 0–90 PTE scale (spec §9). */
export const SCORE_FACTOR = SPEECH_SCORE_FACTOR;
const DEFAULT_TOTAL_SCORE = 10;
const PTE_MAX = 90;

/** The band of the highest start not above score × 18; undefined when no band starts that low. */
export function pickBand(
  score: number,
  bands: readonly WordColorBand[] = defaultWordColorBands,
): WordColorBand | undefined {
  const value = score * SCORE_FACTOR;
  return [...bands].sort((a, b) => b.start - a.start).find((band) => band.start <= value);
}

/** A 0–90 value as a percentage of the bar. */
export function toPercent(value: number): number {
  return (value / PTE_MAX) * 100;
}

/** The speech engine's total_score on the 0–90 scale; a missing score counts as 10. */
export function totalScore(raw: number | null | undefined): number {
  return (raw ?? DEFAULT_TOTAL_SCORE) * SCORE_FACTOR;
}

const channels = (hex: string): [number, number, number] | null => {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return null;
  const value = parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

const luminance = ([r, g, b]: [number, number, number]): number => {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
};

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const toHex = (rgb: [number, number, number]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The band's colour as text that passes WCAG AA (4.5:1) on `background` (issue 23): the spec's
 * bands (#52c41a green, #ff4d4f red) are 2.2:1 and 3.1:1 on the result's grey, so the same hue is
 * darkened just enough; a colour that already passes, or is not #rrggbb, is kept. The default
 * background is the selected word's light blue, the darkest a word sits on.
 */
export function readableTextColor(color: string, background = '#e6f4ff'): string {
  const rgb = channels(color);
  const bg = channels(background);
  if (!rgb || !bg || contrastRatio(rgb, bg) >= 4.5) return color;
  for (let keep = 0.95; keep > 0; keep -= 0.05) {
    const darker: [number, number, number] = [rgb[0] * keep, rgb[1] * keep, rgb[2] * keep];
    if (contrastRatio(darker, bg) >= 4.5) return toHex(darker);
  }
  return '#000000';
}
