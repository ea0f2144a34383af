import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  OperatorPaperSchema,
  parseBlueprint,
  type MockBlueprint,
  type OperatorPaper,
} from '@ninety/contract';
import { MOCK_BLUEPRINTS_DIR, MOCK_PAPERS_DIR } from '../../content/mock-content';

/**
 * The blueprints and operator papers under `content/mock/`, read once per process (they change
 * with a deploy, like the bank's files). `npm run content:check` is where their problems are
 * reported; here a file that does not parse is skipped.
 */
export interface MockCatalogue {
  blueprints: MockBlueprint[];
  papers: OperatorPaper[];
}

const loaded = new Map<string, Promise<MockCatalogue>>();

async function yamlIn(dir: string): Promise<unknown[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: unknown[] = [];
  for (const name of names) {
    try {
      out.push(parseYaml(await readFile(path.join(dir, name), 'utf8')));
    } catch {
      // Reported by content:check.
    }
  }
  return out;
}

async function load(contentRoot: string): Promise<MockCatalogue> {
  const blueprints: MockBlueprint[] = [];
  for (const data of await yamlIn(path.join(contentRoot, MOCK_BLUEPRINTS_DIR))) {
    const parsed = parseBlueprint(data);
    if (parsed.ok) blueprints.push(parsed.blueprint);
  }
  const papers: OperatorPaper[] = [];
  for (const data of await yamlIn(path.join(contentRoot, MOCK_PAPERS_DIR))) {
    const parsed = OperatorPaperSchema.safeParse(data);
    if (parsed.success) papers.push(parsed.data);
  }
  return { blueprints, papers };
}

export function mockCatalogue(contentRoot: string): Promise<MockCatalogue> {
  let catalogue = loaded.get(contentRoot);
  if (!catalogue) {
    catalogue = load(contentRoot);
    // A failed read is tried again on the next request rather than remembered.
    catalogue.catch(() => loaded.delete(contentRoot));
    loaded.set(contentRoot, catalogue);
  }
  return catalogue;
}
