// The layers of design §2, as import-x/no-restricted-paths zones, so `npm run check` enforces them
// instead of reviewers remembering them. Zones are built from the folders that exist, so a new
// feature or module is covered the day it is created.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = 'apps/web/src';
const server = 'apps/server/src';

const foldersIn = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Web: features never import each other; shared layers never import features or pages. */
function webZones() {
  const features = foldersIn(`${web}/features`);
  return [
    ...features.map((feature) => ({
      target: `${web}/features/${feature}`,
      from: features
        .filter((other) => other !== feature)
        .map((other) => `${web}/features/${other}`),
      message: 'A feature does not import another feature: compose them in pages/.',
    })),
    {
      target: `${web}/features`,
      from: `${web}/pages`,
      message: 'Features do not import pages: pages compose features.',
    },
    {
      target: [`${web}/lib`, `${web}/components`, `${web}/item-types`],
      from: [`${web}/features`, `${web}/pages`],
      message:
        'lib/, components/ and item-types/ are shared layers: pass what they need from a feature or page as props.',
    },
  ];
}

/** Server: plugins and adapters sit below modules; a module keeps its repository to itself. */
function serverZones() {
  const modules = foldersIn(`${server}/modules`);
  return [
    {
      target: [`${server}/plugins`, `${server}/adapters`, `${server}/lib`],
      from: `${server}/modules`,
      message: 'plugins/, adapters/ and lib/ sit below modules and never import them.',
    },
    ...modules.map((module) => ({
      target: `${server}/modules/${module}`,
      from: modules
        .filter((other) => other !== module)
        .map((other) => `${server}/modules/${other}/*.repository.ts`),
      message:
        'A module reaches another module through its service or index, never its repository.',
    })),
  ];
}

export const boundaryZones = () => [...webZones(), ...serverZones()];
