import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SAMPLE_ITEMS } from './sample-items';

const contentDir = join(__dirname, '../../../../../content');
const marked = (
  JSON.parse(readFileSync(join(contentDir, 'items/public-samples.json'), 'utf8')) as {
    items: string[];
  }
).items;

describe('the public sample items', () => {
  it('are exactly the items the bank marks public', () => {
    expect(SAMPLE_ITEMS.map((item) => item.id)).toEqual(marked);
  });

  it.each(SAMPLE_ITEMS.map((item) => [item.id, item] as const))(
    '%s is a copy of its item file',
    (id, item) => {
      const type = id.split('-')[0]!;
      const file = parse(
        readFileSync(join(contentDir, 'items', type, `${id}.yaml`), 'utf8'),
      ) as Record<string, unknown>;
      expect(item).toEqual({
        id: file['id'],
        type: file['type'],
        title: file['title'],
        content: file['content'],
        key: file['key'],
        explanationZh: file['explanationZh'],
      });
    },
  );

  it('carry no other item of the bank', () => {
    const ids = readdirSync(join(contentDir, 'items'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => readdirSync(join(contentDir, 'items', entry.name)))
      .map((name) => name.replace(/\.yaml$/, ''))
      .filter((id) => !marked.includes(id));
    const source = readFileSync(join(__dirname, 'sample-items.ts'), 'utf8');
    for (const id of ids) expect(source).not.toContain(`'${id}'`);
  });
});
