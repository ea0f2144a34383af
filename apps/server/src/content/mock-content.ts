import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import {
  mockBankEntryOf,
  OperatorPaperSchema,
  parseBlueprint,
  type MockBankEntry,
  type MockBlueprint,
  type OperatorPaper,
} from '@ninety/contract';
import { assemblePaper, MockAssemblyError, validateOperatorPaper } from '@ninety/scoring';
import type { BankItem, BankProblem } from './bank';

/**
 * Mock-exam content (issue 13): blueprints (`mock/blueprints/<id>.yaml`) and operator papers
 * (`mock/papers/<id>.yaml`), read and checked like items: each problem is file + field path +
 * message. A paper is checked against its blueprint and the bank; a blueprint must be assemblable
 * from the bank at least once.
 */

export const MOCK_BLUEPRINTS_DIR = 'mock/blueprints';
export const MOCK_PAPERS_DIR = 'mock/papers';

export interface MockContent {
  blueprints: MockBlueprint[];
  papers: OperatorPaper[];
  problems: BankProblem[];
}

async function yamlFiles(dir: string): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names.filter((name) => /\.ya?ml$/.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function readYaml(
  file: string,
  report: (path: string, message: string) => void,
): Promise<unknown> {
  try {
    return parseYaml(await readFile(file, 'utf8'));
  } catch (error) {
    if (!(error instanceof YAMLParseError)) throw error;
    const line = error.linePos?.[0];
    report(line ? `line ${line.line}` : '(file)', `not valid YAML: ${error.code}`);
    return undefined;
  }
}

/** The bank as paper assembly sees it. */
export function mockBankOf(items: readonly BankItem[]): MockBankEntry[] {
  return items.map(({ item }) => mockBankEntryOf(item));
}

/** Loads and checks the blueprints and operator papers under `contentRoot/mock/`. */
export async function loadMockContent(
  contentRoot: string,
  bankItems: readonly BankItem[],
): Promise<MockContent> {
  const problems: BankProblem[] = [];
  const bank = mockBankOf(bankItems);
  const blueprints: MockBlueprint[] = [];
  const papers: OperatorPaper[] = [];

  const blueprintDir = path.join(contentRoot, MOCK_BLUEPRINTS_DIR);
  for (const name of await yamlFiles(blueprintDir)) {
    const file = `${MOCK_BLUEPRINTS_DIR}/${name}`;
    const report = (fieldPath: string, message: string) =>
      problems.push({ file, path: fieldPath, message });
    const data = await readYaml(path.join(blueprintDir, name), report);
    if (data === undefined) continue;
    const parsed = parseBlueprint(data);
    if (!parsed.ok) {
      for (const problem of parsed.problems) report(problem.path, problem.message);
      continue;
    }
    const blueprint = parsed.blueprint;
    const stem = name.replace(/\.ya?ml$/, '');
    if (stem !== blueprint.id) {
      report('id', `is "${blueprint.id}" but the file is named ${stem}.yaml`);
      continue;
    }
    try {
      assemblePaper({ blueprint, bank, seed: 'content-check' });
    } catch (error) {
      if (!(error instanceof MockAssemblyError)) throw error;
      report('parts', error.message);
      continue;
    }
    blueprints.push(blueprint);
  }

  const byId = new Map(blueprints.map((blueprint) => [blueprint.id, blueprint]));
  const paperDir = path.join(contentRoot, MOCK_PAPERS_DIR);
  const paperIds = new Set<string>();
  for (const name of await yamlFiles(paperDir)) {
    const file = `${MOCK_PAPERS_DIR}/${name}`;
    const report = (fieldPath: string, message: string) =>
      problems.push({ file, path: fieldPath, message });
    const data = await readYaml(path.join(paperDir, name), report);
    if (data === undefined) continue;
    const parsed = OperatorPaperSchema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        report(issue.path.map(String).join('.') || '(file)', issue.message);
      }
      continue;
    }
    const paper = parsed.data;
    const stem = name.replace(/\.ya?ml$/, '');
    if (stem !== paper.id) report('id', `is "${paper.id}" but the file is named ${stem}.yaml`);
    if (paperIds.has(paper.id)) report('id', `"${paper.id}" is used twice`);
    paperIds.add(paper.id);
    const blueprint = byId.get(paper.blueprint);
    if (!blueprint) {
      report('blueprint', `no valid blueprint "${paper.blueprint}" in ${MOCK_BLUEPRINTS_DIR}/`);
      continue;
    }
    const before = problems.length;
    for (const problem of validateOperatorPaper(paper, blueprint, bank)) {
      report(problem.path, problem.message);
    }
    if (problems.length === before) papers.push(paper);
  }
  return { blueprints, papers, problems };
}
