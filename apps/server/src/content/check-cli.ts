import path from 'node:path';
import { repoRoot } from '../paths';
import { countByType, formatBankProblems, loadBank } from './bank';
import { loadMockContent } from './mock-content';
import { loadPronunciationWords } from './pronunciation-dictionary';

/**
 * `npm run content:check [-- [--skip-media] [dir]]`: validates the bank without touching a
 * database, for authors. `--skip-media` leaves out the media checks while audio and images are not
 * generated yet. Exit code 1 when any file has a problem.
 */
const args = process.argv.slice(2);
const skipMedia = args.includes('--skip-media');
const dir = args.find((arg) => !arg.startsWith('--'));
const contentRoot = path.resolve(dir ?? path.join(repoRoot, 'content'));
const words = await loadPronunciationWords();
const bank = await loadBank(contentRoot, { hasWord: (word) => words.has(word), skipMedia });
// Mock blueprints and operator papers (content/mock/) are checked against the valid items.
const mock = await loadMockContent(contentRoot, bank.items);
const problems = [...bank.problems, ...mock.problems];

if (problems.length > 0) {
  console.error(formatBankProblems(problems));
  console.error(`\n${problems.length} problem(s); nothing would be imported.`);
  process.exitCode = 1;
} else {
  const counts = countByType(bank.items)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ');
  console.log(`${bank.items.length} items valid: ${counts}`);
  console.log(
    `${mock.blueprints.length} mock blueprint(s) and ${mock.papers.length} operator paper(s) valid`,
  );
}
