/** 9900 fen → "￥99.00". */
export function yuanText(fen: number): string {
  return `￥${(fen / 100).toFixed(2)}`;
}
