import type { ChartData } from '@ninety/contract';

/**
 * Draws a Describe Image chart as SVG from the item's data, so the picture and the facts the
 * scorer checks can never disagree. Pure: the same data always gives the same file.
 */

const FONT = 'Arial, Helvetica, sans-serif';
const PALETTE = ['#2f6fb0', '#e07b39', '#3a9a5b', '#c44e52', '#8172b2', '#937860'];
const INK = '#222';
const GRID = '#d9d9d9';

type Chart<K extends ChartData['kind']> = Extract<ChartData, { kind: K }>;

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function label(
  x: number,
  y: number,
  content: string,
  options: {
    size?: number;
    anchor?: 'start' | 'middle' | 'end';
    weight?: string;
    fill?: string;
    rotate?: number;
  } = {},
): string {
  const { size = 13, anchor = 'middle', weight = 'normal', fill = INK, rotate } = options;
  const transform =
    rotate === undefined ? '' : ` transform="rotate(${rotate} ${round(x)} ${round(y)})"`;
  return `<text x="${round(x)}" y="${round(y)}" font-size="${size}" text-anchor="${anchor}" font-weight="${weight}" fill="${fill}"${transform}>${escapeXml(content)}</text>`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
}

/** A y-axis from zero (or below, for negatives) up to a round number, with about five steps. */
function niceScale(min: number, max: number): { low: number; high: number; step: number } {
  const low = Math.min(0, min);
  const span = Math.max(max - low, 1e-9);
  const raw = span / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((s) => s >= raw) ?? raw;
  return {
    low: Math.floor(low / step) * step,
    high: Math.ceil(max / step) * step,
    step,
  };
}

function axisTitle(axis: { label: string; unit?: string | undefined }): string {
  return axis.unit ? `${axis.label} (${axis.unit})` : axis.label;
}

function legend(names: string[], x: number, y: number): string {
  return names
    .map((name, index) => {
      const top = y + index * 24;
      return `<rect x="${x}" y="${top - 11}" width="14" height="14" fill="${PALETTE[index % PALETTE.length]}"/>${label(x + 22, top, name, { anchor: 'start' })}`;
    })
    .join('');
}

function seriesChart(chart: Chart<'bar'> | Chart<'line'>, width: number, height: number): string {
  const hasLegend = chart.series.length > 1;
  const horizontal = chart.kind === 'bar' && chart.orientation === 'horizontal';
  const plot = {
    left: horizontal ? 150 : 90,
    top: 70,
    right: width - (hasLegend ? 170 : 40),
    bottom: height - 80,
  };
  const values = chart.series.flatMap((series) => series.values);
  const scale = niceScale(Math.min(...values), Math.max(...values));
  const valueLength = horizontal ? plot.right - plot.left : plot.bottom - plot.top;
  const toLength = (value: number) =>
    ((value - scale.low) / (scale.high - scale.low)) * valueLength;
  const parts: string[] = [];

  // Grid lines and value ticks.
  for (let tick = scale.low; tick <= scale.high + scale.step / 2; tick += scale.step) {
    const offset = toLength(tick);
    if (horizontal) {
      const x = plot.left + offset;
      parts.push(
        `<line x1="${round(x)}" y1="${plot.top}" x2="${round(x)}" y2="${plot.bottom}" stroke="${GRID}"/>`,
      );
      parts.push(label(x, plot.bottom + 20, formatNumber(tick), { size: 12 }));
    } else {
      const y = plot.bottom - offset;
      parts.push(
        `<line x1="${plot.left}" y1="${round(y)}" x2="${plot.right}" y2="${round(y)}" stroke="${GRID}"/>`,
      );
      parts.push(label(plot.left - 8, y + 4, formatNumber(tick), { size: 12, anchor: 'end' }));
    }
  }

  const count = chart.categories.length;
  const bandLength = (horizontal ? plot.bottom - plot.top : plot.right - plot.left) / count;
  const zero = toLength(0);

  chart.categories.forEach((category, index) => {
    const center = (horizontal ? plot.top : plot.left) + bandLength * (index + 0.5);
    if (horizontal)
      parts.push(label(plot.left - 8, center + 4, category, { size: 12, anchor: 'end' }));
    else parts.push(label(center, plot.bottom + 20, category, { size: 12 }));
  });

  if (chart.kind === 'bar') {
    const groupLength = bandLength * 0.7;
    const barLength = groupLength / chart.series.length;
    chart.series.forEach((series, seriesIndex) => {
      const color = PALETTE[seriesIndex % PALETTE.length];
      series.values.forEach((value, index) => {
        const start =
          (horizontal ? plot.top : plot.left) +
          bandLength * index +
          (bandLength - groupLength) / 2 +
          barLength * seriesIndex;
        const a = toLength(Math.min(value, 0));
        const b = toLength(Math.max(value, 0));
        if (horizontal) {
          parts.push(
            `<rect x="${round(plot.left + a)}" y="${round(start)}" width="${round(b - a)}" height="${round(barLength - 2)}" fill="${color}"/>`,
          );
          parts.push(
            label(plot.left + b + 4, start + barLength / 2 + 4, formatNumber(value), {
              size: 11,
              anchor: 'start',
            }),
          );
        } else {
          parts.push(
            `<rect x="${round(start)}" y="${round(plot.bottom - b)}" width="${round(barLength - 2)}" height="${round(b - a)}" fill="${color}"/>`,
          );
          parts.push(
            label(start + (barLength - 2) / 2, plot.bottom - b - 5, formatNumber(value), {
              size: 11,
            }),
          );
        }
      });
    });
  } else {
    chart.series.forEach((series, seriesIndex) => {
      const color = PALETTE[seriesIndex % PALETTE.length];
      const points = series.values.map(
        (value, index) =>
          [plot.left + bandLength * (index + 0.5), plot.bottom - toLength(value)] as const,
      );
      parts.push(
        `<polyline fill="none" stroke="${color}" stroke-width="3" points="${points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ')}"/>`,
      );
      points.forEach(([x, y], index) => {
        parts.push(`<circle cx="${round(x)}" cy="${round(y)}" r="4.5" fill="${color}"/>`);
        parts.push(
          label(x, y - 10, formatNumber(series.values[index]!), { size: 11, fill: color }),
        );
      });
    });
  }

  // Axes.
  if (horizontal) {
    parts.push(
      `<line x1="${round(plot.left + zero)}" y1="${plot.top}" x2="${round(plot.left + zero)}" y2="${plot.bottom}" stroke="${INK}"/>`,
    );
    parts.push(
      label((plot.left + plot.right) / 2, plot.bottom + 48, axisTitle(chart.yAxis), { size: 13 }),
    );
    parts.push(
      label(24, (plot.top + plot.bottom) / 2, axisTitle(chart.xAxis), { size: 13, rotate: -90 }),
    );
  } else {
    parts.push(
      `<line x1="${plot.left}" y1="${round(plot.bottom - zero)}" x2="${plot.right}" y2="${round(plot.bottom - zero)}" stroke="${INK}"/>`,
    );
    parts.push(
      `<line x1="${plot.left}" y1="${plot.top}" x2="${plot.left}" y2="${plot.bottom}" stroke="${INK}"/>`,
    );
    parts.push(
      label((plot.left + plot.right) / 2, plot.bottom + 48, axisTitle(chart.xAxis), { size: 13 }),
    );
    parts.push(
      label(24, (plot.top + plot.bottom) / 2, axisTitle(chart.yAxis), { size: 13, rotate: -90 }),
    );
  }
  if (hasLegend)
    parts.push(
      legend(
        chart.series.map((series) => series.name),
        plot.right + 24,
        plot.top + 10,
      ),
    );
  return parts.join('');
}

function pieChart(chart: Chart<'pie'>, width: number, height: number): string {
  const total = chart.slices.reduce((sum, slice) => sum + slice.value, 0) || 1;
  const cx = width * 0.36;
  const cy = height / 2 + 25;
  const r = Math.min(width * 0.27, height / 2 - 60);
  let angle = -Math.PI / 2;
  const parts: string[] = [];
  chart.slices.forEach((slice, index) => {
    const sweep = (slice.value / total) * Math.PI * 2;
    const color = PALETTE[index % PALETTE.length];
    const x1 = cx + r * Math.cos(angle);
    const y1 = cy + r * Math.sin(angle);
    const x2 = cx + r * Math.cos(angle + sweep);
    const y2 = cy + r * Math.sin(angle + sweep);
    const large = sweep > Math.PI ? 1 : 0;
    parts.push(
      sweep >= Math.PI * 2 - 1e-9
        ? `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${color}"/>`
        : `<path d="M${round(cx)},${round(cy)} L${round(x1)},${round(y1)} A${round(r)},${round(r)} 0 ${large} 1 ${round(x2)},${round(y2)} Z" fill="${color}" stroke="#fff" stroke-width="2"/>`,
    );
    const middle = angle + sweep / 2;
    const share = Math.round((slice.value / total) * 1000) / 10;
    if (share >= 4) {
      parts.push(
        label(
          cx + r * 0.65 * Math.cos(middle),
          cy + r * 0.65 * Math.sin(middle) + 5,
          `${formatNumber(share)}%`,
          {
            size: 13,
            weight: 'bold',
            fill: '#fff',
          },
        ),
      );
    }
    angle += sweep;
  });
  const unit = chart.unit && chart.unit !== '%' ? ` ${chart.unit}` : chart.unit === '%' ? '%' : '';
  parts.push(
    legend(
      chart.slices.map((slice) => `${slice.label}: ${formatNumber(slice.value)}${unit}`),
      width * 0.68,
      cy - (chart.slices.length * 24) / 2 + 10,
    ),
  );
  return parts.join('');
}

function tableChart(chart: Chart<'table'>, width: number, height: number): string {
  const columns = [chart.rowHeader, ...chart.columns];
  const rows = chart.rows.length + 1;
  const left = 40;
  const top = 80;
  const tableWidth = width - 80;
  const rowHeight = Math.min(52, (height - top - 50) / rows);
  const firstColumn = tableWidth * 0.34;
  const otherColumn = (tableWidth - firstColumn) / (columns.length - 1);
  const xOf = (column: number) =>
    column === 0 ? left : left + firstColumn + otherColumn * (column - 1);
  const widthOf = (column: number) => (column === 0 ? firstColumn : otherColumn);
  const parts: string[] = [];
  parts.push(
    `<rect x="${left}" y="${top}" width="${round(tableWidth)}" height="${round(rowHeight)}" fill="#2f6fb0"/>`,
  );
  for (let row = 1; row < rows; row += 1) {
    if (row % 2 === 0) {
      parts.push(
        `<rect x="${left}" y="${round(top + rowHeight * row)}" width="${round(tableWidth)}" height="${round(rowHeight)}" fill="#f2f6fb"/>`,
      );
    }
  }
  columns.forEach((column, index) => {
    parts.push(
      label(xOf(index) + widthOf(index) / 2, top + rowHeight / 2 + 5, column, {
        size: 14,
        weight: 'bold',
        fill: '#fff',
      }),
    );
  });
  chart.rows.forEach((row, rowIndex) => {
    const y = top + rowHeight * (rowIndex + 1) + rowHeight / 2 + 5;
    parts.push(label(xOf(0) + 12, y, row.label, { size: 14, anchor: 'start', weight: 'bold' }));
    row.cells.forEach((cell, index) => {
      const text = typeof cell === 'number' ? formatNumber(cell) : cell;
      parts.push(label(xOf(index + 1) + widthOf(index + 1) / 2, y, text, { size: 14 }));
    });
  });
  const bottom = top + rowHeight * rows;
  parts.push(
    `<rect x="${left}" y="${top}" width="${round(tableWidth)}" height="${round(rowHeight * rows)}" fill="none" stroke="${INK}"/>`,
  );
  for (let row = 1; row < rows; row += 1) {
    parts.push(
      `<line x1="${left}" y1="${round(top + rowHeight * row)}" x2="${round(left + tableWidth)}" y2="${round(top + rowHeight * row)}" stroke="${GRID}"/>`,
    );
  }
  for (let column = 1; column < columns.length; column += 1) {
    parts.push(
      `<line x1="${round(xOf(column))}" y1="${top}" x2="${round(xOf(column))}" y2="${round(bottom)}" stroke="${GRID}"/>`,
    );
  }
  if (chart.unit)
    parts.push(
      label(left + tableWidth, bottom + 24, `Unit: ${chart.unit}`, { size: 12, anchor: 'end' }),
    );
  return parts.join('');
}

/** Splits a label into lines of about `max` characters for a box. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function arrowHead(id: string): string {
  return `<defs><marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${INK}"/></marker></defs>`;
}

function processChart(chart: Chart<'process'>, width: number, height: number): string {
  const count = chart.steps.length;
  const perRow = count <= 4 ? count : Math.ceil(count / 2);
  const rowsNeeded = Math.ceil(count / perRow);
  const gap = 46;
  const boxWidth = Math.min(170, (width - 80 - gap * (perRow - 1)) / perRow);
  const boxHeight = 104;
  const rowGap = 70;
  const totalHeight = rowsNeeded * boxHeight + (rowsNeeded - 1) * rowGap;
  const top = 70 + (height - 100 - totalHeight) / 2;
  const parts: string[] = [arrowHead('arrow')];
  const centers: { x: number; y: number }[] = [];
  chart.steps.forEach((step, index) => {
    const row = Math.floor(index / perRow);
    // Snake layout: the second row runs right to left, so every arrow is short.
    const column = row % 2 === 0 ? index % perRow : perRow - 1 - (index % perRow);
    const rowWidth = perRow * boxWidth + (perRow - 1) * gap;
    const x = (width - rowWidth) / 2 + column * (boxWidth + gap);
    const y = top + row * (boxHeight + rowGap);
    centers.push({ x: x + boxWidth / 2, y: y + boxHeight / 2 });
    parts.push(
      `<rect x="${round(x)}" y="${round(y)}" width="${round(boxWidth)}" height="${boxHeight}" rx="10" fill="#eaf1fa" stroke="#2f6fb0" stroke-width="2"/>`,
    );
    parts.push(
      label(x + 16, y + 22, String(index + 1), { size: 13, weight: 'bold', fill: '#2f6fb0' }),
    );
    const lines = [
      ...wrap(step.label, 16).map((text) => ({ text, bold: true })),
      ...wrap(step.detail ?? '', 20).map((text) => ({ text, bold: false })),
    ].slice(0, 5);
    lines.forEach((line, lineIndex) => {
      parts.push(
        label(
          x + boxWidth / 2,
          y + boxHeight / 2 - ((lines.length - 1) * 16) / 2 + lineIndex * 16 + 5,
          line.text,
          {
            size: line.bold ? 14 : 12,
            weight: line.bold ? 'bold' : 'normal',
          },
        ),
      );
    });
  });
  const connect = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const sameRow = Math.abs(from.y - to.y) < 1;
    const [x1, y1, x2, y2] = sameRow
      ? [
          from.x + Math.sign(to.x - from.x) * (boxWidth / 2),
          from.y,
          to.x - Math.sign(to.x - from.x) * (boxWidth / 2 + 2),
          to.y,
        ]
      : [
          from.x,
          from.y + Math.sign(to.y - from.y) * (boxHeight / 2),
          to.x,
          to.y - Math.sign(to.y - from.y) * (boxHeight / 2 + 2),
        ];
    return `<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${INK}" stroke-width="2" marker-end="url(#arrow)"/>`;
  };
  for (let index = 1; index < count; index += 1)
    parts.push(connect(centers[index - 1]!, centers[index]!));
  if (chart.isCycle && count > 2) {
    const first = centers[0]!;
    const last = centers[count - 1]!;
    const dashed = `fill="none" stroke="${INK}" stroke-width="2" stroke-dasharray="6 4" marker-end="url(#arrow)"`;
    if (Math.abs(first.x - last.x) < 1) {
      // The snake ends under the first step: one short arrow up closes the cycle.
      parts.push(
        `<path d="M${round(last.x)},${round(last.y - boxHeight / 2)} L${round(first.x)},${round(first.y + boxHeight / 2 + 2)}" ${dashed}/>`,
      );
    } else {
      const below = Math.max(first.y, last.y) + boxHeight / 2 + 28;
      parts.push(
        `<path d="M${round(last.x)},${round(last.y + boxHeight / 2)} L${round(last.x)},${round(below)} L${round(first.x)},${round(below)} L${round(first.x)},${round(first.y + boxHeight / 2 + 2)}" ${dashed}/>`,
      );
    }
  }
  return parts.join('');
}

function mapChart(chart: Chart<'map'>, width: number, height: number): string {
  const area = { left: 50, top: 70, width: width - 100, height: height - 110 };
  const parts: string[] = [
    `<rect x="${area.left}" y="${area.top}" width="${area.width}" height="${area.height}" fill="#f4f8ee" stroke="#6b8e4e" stroke-width="2" rx="6"/>`,
  ];
  // Compass in the top right corner of the plan.
  const nx = area.left + area.width - 30;
  const ny = area.top + 36;
  parts.push(
    `<path d="M${nx},${ny - 20} L${nx - 8},${ny + 4} L${nx},${ny - 2} L${nx + 8},${ny + 4} Z" fill="${INK}"/>`,
  );
  parts.push(label(nx, ny + 20, 'N', { size: 13, weight: 'bold' }));
  chart.places.forEach((place, index) => {
    const x = area.left + 20 + (place.x / 100) * (area.width - 40);
    const y = area.top + 20 + (place.y / 100) * (area.height - 40);
    const color = PALETTE[index % PALETTE.length];
    const text = wrap(place.label, 18);
    const detail = place.detail ? wrap(place.detail, 24) : [];
    const boxWidth =
      Math.max(
        ...text.map((line) => line.length * 7.6),
        ...detail.map((line) => line.length * 6.4),
      ) + 20;
    const boxHeight = 12 + text.length * 16 + detail.length * 14;
    const left = Math.min(
      Math.max(x - boxWidth / 2, area.left + 4),
      area.left + area.width - boxWidth - 4,
    );
    const top = Math.min(
      Math.max(y - boxHeight / 2, area.top + 4),
      area.top + area.height - boxHeight - 4,
    );
    parts.push(
      `<rect x="${round(left)}" y="${round(top)}" width="${round(boxWidth)}" height="${round(boxHeight)}" rx="6" fill="#fff" stroke="${color}" stroke-width="2"/>`,
    );
    text.forEach((line, lineIndex) => {
      parts.push(
        label(left + boxWidth / 2, top + 20 + lineIndex * 16, line, { size: 13, weight: 'bold' }),
      );
    });
    detail.forEach((line, lineIndex) => {
      parts.push(
        label(left + boxWidth / 2, top + 20 + text.length * 16 + lineIndex * 14, line, {
          size: 11,
        }),
      );
    });
  });
  return parts.join('');
}

function pictureChart(chart: Chart<'picture'>, width: number, height: number): string {
  // A labelled schematic: each element in a tile, the description underneath.
  const columns = Math.min(3, chart.elements.length);
  const rows = Math.ceil(chart.elements.length / columns);
  const tileWidth = (width - 80 - (columns - 1) * 20) / columns;
  const tileHeight = Math.min(110, (height - 190 - (rows - 1) * 16) / rows);
  const parts: string[] = [];
  chart.elements.forEach((element, index) => {
    const x = 40 + (index % columns) * (tileWidth + 20);
    const y = 70 + Math.floor(index / columns) * (tileHeight + 16);
    parts.push(
      `<rect x="${round(x)}" y="${round(y)}" width="${round(tileWidth)}" height="${round(tileHeight)}" rx="8" fill="#eef3f8" stroke="#2f6fb0"/>`,
    );
    parts.push(
      label(x + tileWidth / 2, y + tileHeight / 2 - 4, element.label, { size: 14, weight: 'bold' }),
    );
    if (element.detail)
      parts.push(label(x + tileWidth / 2, y + tileHeight / 2 + 16, element.detail, { size: 12 }));
  });
  wrap(chart.description, 100)
    .slice(0, 3)
    .forEach((line, index) => {
      parts.push(label(width / 2, height - 80 + index * 18, line, { size: 13 }));
    });
  return parts.join('');
}

/** The whole SVG document for a chart at the given size. */
export function chartSvg(chart: ChartData, width: number, height: number): string {
  let body: string;
  switch (chart.kind) {
    case 'bar':
    case 'line':
      body = seriesChart(chart, width, height);
      break;
    case 'pie':
      body = pieChart(chart, width, height);
      break;
    case 'table':
      body = tableChart(chart, width, height);
      break;
    case 'process':
      body = processChart(chart, width, height);
      break;
    case 'map':
      body = mapChart(chart, width, height);
      break;
    case 'picture':
      body = pictureChart(chart, width, height);
      break;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    label(width / 2, 38, chart.title, { size: 20, weight: 'bold' }),
    body,
    '</svg>',
    '',
  ].join('\n');
}
