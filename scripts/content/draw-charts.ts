/**
 * Draws every Describe Image chart from its item's data (`content.chart`) into the SVG its
 * `content.image` names, at the declared size: `npm run content:charts`. The SVGs are committed;
 * rerun after changing a chart's data. `--content=DIR` draws another content directory.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { parseItem } from '@ninety/contract';
import { chartSvg } from './chart-svg';

const root = path.resolve(import.meta.dirname, '../..');
const contentArg = process.argv.find((arg) => arg.startsWith('--content='));
const contentRoot = contentArg ? path.resolve(contentArg.slice(10)) : path.join(root, 'content');
const diRoot = path.join(contentRoot, 'items/di');

let drawn = 0;
let unchanged = 0;
for (const name of (await readdir(diRoot).catch(() => []))
  .filter((file) => file.endsWith('.yaml'))
  .sort()) {
  const parsed = parseItem(parse(await readFile(path.join(diRoot, name), 'utf8')));
  if (!parsed.ok || parsed.item.type !== 'DI') {
    console.error(`items/di/${name}: invalid item, skipped (run npm run content:check)`);
    process.exitCode = 1;
    continue;
  }
  const { image, chart } = parsed.item.content;
  if (!image.src.endsWith('.svg')) continue;
  const file = path.join(contentRoot, 'media', image.src);
  const svg = chartSvg(chart, image.width, image.height);
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing === svg) {
    unchanged += 1;
    continue;
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, svg);
  drawn += 1;
  console.log(`${parsed.item.id}  ${chart.kind}  ${image.width}×${image.height}`);
}
console.log(`${drawn} chart(s) drawn, ${unchanged} unchanged.`);
