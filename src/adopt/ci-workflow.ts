import type { PackageManager } from './detect/package-manager.js';

/** Where `dsctl init` writes its GitHub Actions workflow. */
export const WORKFLOW_PATH = '.github/workflows/design-check.yml';

/** A workflow at WORKFLOW_PATH is dsctl's when it runs the hard-gate check through the launcher: --force may rewrite it. */
export const isDsctlWorkflow = (text: string): boolean => text.includes('.dsctl/bin/dsctl gate check');

// The starter's install step, replaced as a whole (comment included) for the detected package manager.
const INSTALL_STEP = /( *)# Switch to `npm ci` once package-lock\.json is committed\.\n *- name: Install\n *run: npm install --no-audit --no-fund\n/;

/** The steps that install the project's dependencies from its lockfile, indented as a job's steps. */
function installSteps(pm: PackageManager, pad: string): string {
  const step = (lines: string[]) => lines.map((l) => `${pad}${l}\n`).join('');
  const run = (name: string, command: string) => step([`- name: ${name}`, `  run: ${command}`]);
  switch (pm.name) {
    case 'pnpm':
      // pnpm/action-setup reads the version from package.json `packageManager` when it is set.
      return (
        step(['- name: Set up pnpm', '  uses: pnpm/action-setup@v4', ...(pm.version ? [] : ['  with:', '    version: 9'])]) +
        '\n' +
        run('Install', pm.lockfile ? 'pnpm install --frozen-lockfile' : 'pnpm install')
      );
    case 'yarn':
      return pm.yarnBerry ? step(['- name: Enable corepack (Yarn 2+)', '  run: corepack enable']) + '\n' + run('Install', pm.lockfile ? 'yarn install --immutable' : 'yarn install') : run('Install', pm.lockfile ? 'yarn install --frozen-lockfile' : 'yarn install');
    case 'bun':
      return step(['- name: Set up Bun', '  uses: oven-sh/setup-bun@v2']) + '\n' + run('Install', pm.lockfile ? 'bun install --frozen-lockfile' : 'bun install');
    case 'npm':
      return pm.lockfile ? run('Install', 'npm ci') : `${pad}# Switch to \`npm ci\` once package-lock.json is committed.\n${run('Install', 'npm install --no-audit --no-fund')}`;
  }
}

/**
 * The starter's workflow with the detected package manager's install. The design steps keep `npm run …`:
 * it runs package.json scripts over any package manager's node_modules, and the policy's `ci.commands`
 * (what `dsctl drift` looks for in the workflow) names them so.
 */
export function renderWorkflow(template: string, pm: PackageManager): string {
  const match = INSTALL_STEP.exec(template);
  if (!match) throw new Error('the starter workflow has no install step to adapt'); // a template edit broke the contract: a bug, not a user error
  // Every job installs (the design check and the benchmark jobs): each install step is adapted.
  return template.replace(new RegExp(INSTALL_STEP.source, 'g'), (_step, pad: string) => installSteps(pm, pad));
}
