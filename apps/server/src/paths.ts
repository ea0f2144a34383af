import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * apps/server, whether this code runs from src/ (tsx, tests) or bundled into dist/ (npm start):
 * both sit one level below it.
 */
export const serverRoot = path.resolve(here, '..');
export const repoRoot = path.resolve(serverRoot, '../..');
