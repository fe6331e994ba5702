import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import { beforeAll, describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { sharedStarterRepo, type StarterRepo } from '../support/git-repo.js';
import { processesWith } from '../support/processes.js';
import { waitFor } from '../support/wait.js';

/*
 * The OS layer for real (ARCHITECTURE.md §5): each attack runs inside `dsctl sandbox` in a starter
 * repository, and afterwards every gated file — and every file that decides enforcement — is byte-,
 * mode- and type-identical, while the same commands' writes outside the gates land.
 */

// What must not change: the starter's hard gates and the files that decide enforcement.
const PROTECTED = [
  'design/contracts/**',
  'design/schemas/**',
  'design/authority.md',
  'design/policy.json',
  'dsctl.config.json',
  'DESIGN.md',
  'AGENTS.md',
  '.design-baseline.json',
  'docs/loop-playbook.md',
  '.github/**',
  '.cursor/**',
  '.mcp.json',
  '.claude/**',
  '.codex/**',
  '.git/hooks/**',
  '.git/config',
  '.git/info/**',
  '.git/dsctl/**',
  '.dsctl/cache/**',
];

/** Path → type, mode and bytes of everything protected, and which protected paths exist. */
function fingerprint(app: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const path of globSync(PROTECTED, { cwd: app, dot: true, onlyFiles: false, followSymbolicLinks: false, expandDirectories: false })) {
    const stat = lstatSync(join(app, path));
    const kind = stat.isSymbolicLink() ? `link:${readlinkSync(join(app, path))}` : stat.isFile() ? createHash('sha256').update(readFileSync(join(app, path))).digest('hex') : stat.isDirectory() ? 'dir' : 'other';
    out[path] = `${(stat.mode & 0o7777).toString(8)} ${kind}`;
  }
  return out;
}

const designScripts = (app: string) => JSON.stringify((JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

// One or more commands of each class of the hard-gates issue, run by bash inside the sandbox.
const ATTACKS: readonly (readonly [string, string])[] = [
  ['path built at run time', 'f=design/contracts/rules.json; echo x > $f'],
  ['path built at run time', 'echo x > "$PWD/AGENTS.md"'],
  ['path built at run time', 'echo x > $(echo design)/contracts/tokens.json'],
  ['path built at run time', 'echo x > /proc/$$/cwd/AGENTS.md'],
  ['path built at run time', 'cd "$(printf design/contracts)" && echo x > rules.json'],
  ['glob', 'echo x > AGENTS.m?'],
  ['forged cache', 'mkdir -p .dsctl/cache/tailwind && echo "{}" > .dsctl/cache/tailwind/classes-forged.json'],
  ['glob', 'rm -f *.md'],
  ['glob', 'cd design/contr* && echo x > rules.json; touch new.contract.json'],
  ['names on a pipe', 'echo AGENTS.md | xargs truncate -s0'],
  ['names on a pipe', "find design -name '*.json' -print0 | xargs -0 sed -i 's/e/E/'"],
  ['names on a pipe', "find . -name '*.md' -not -path './node_modules/*' -exec sh -c 'echo x > \"$1\"' _ {} \\;"],
  ['git work tree', 'git checkout -q evil'],
  ['git work tree', 'git merge -q --no-edit evil'],
  ['git work tree', 'git cherry-pick evil'],
  ['git work tree', 'git reset -q --hard evil'],
  ['git work tree', 'git restore -s evil design/contracts/rules.json'],
  ['git work tree', 'git read-tree -u --reset evil'],
  ['git work tree', 'git apply evil.patch'],
  ['git work tree', 'git diff --output=AGENTS.md evil'],
  ['git work tree', "git -c alias.x='!echo x > AGENTS.md' x"],
  ['git work tree', 'git stash -q; git stash pop -q'],
  ['git work tree', 'git config core.hooksPath /tmp; echo "exit 0" > .git/hooks/pre-commit'],
  ['extraction or copy', 'tar -xf evil.tar'],
  ['extraction or copy', 'unzip -oq evil.zip'],
  ['extraction or copy', 'cp -a evil-tree/. .'],
  ['extraction or copy', 'patch -p1 -s < evil.patch'],
  ['writer the table lacks', "sed -n '1w AGENTS.md' DESIGN.md"],
  ['writer the table lacks', "vim -es -c 'normal Gox' -c wq DESIGN.md"],
  ['writer the table lacks', "printf '1d\\nw\\nq\\n' | ed -s design/authority.md"],
  ['writer the table lacks', 'curl -s -o AGENTS.md file:///etc/hostname'],
  ['writer the table lacks', 'script -q -c true AGENTS.md'],
  ['writer the table lacks', 'split -b 10 DESIGN.md design/contracts/x'],
  ['writer the table lacks', "nice -n 5 timeout 5 env sh -c 'echo x > AGENTS.md'"],
  ['writer the table lacks', 'npm pkg set scripts.design:drift=true scripts.design:check=true'],
  ['link', 'ln -s design/contracts/rules.json z && echo x > z'],
  ['link', 'ln design/contracts/rules.json h && echo x > h'],
  ['link', 'ln -s design/contracts d && echo x > d/new.json'],
  ['link', 'echo x > earlier-link'],
  ['code that builds the path', "node -e \"require('fs').writeFileSync('AGENT'+'S.md','x')\""],
  ['code that builds the path', "P=AGENTS.md node -e \"require('fs').writeFileSync(process.env.P,'x')\""],
  ['code that builds the path', "python3 -c \"open('AGENT'+'S.md','w').write('x')\""],
  ['code that builds the path', "awk -v f=AGENTS.md 'BEGIN { print \"x\" > f }'"],
  ['code that builds the path', "printf 'echo x > AGENTS.md\\n' > s.sh && sh s.sh"],
  ['code that builds the path', "echo 'echo x > design/authority.md' | sh"],
  ['code that builds the path', "printf 'all:\\n\\techo x > AGENTS.md\\n' > mk && make -s -f mk"],
  ['code that builds the path', "alias w='tee AGENTS.md'; shopt -s expand_aliases; echo x | w"],
  ['mode and type', 'chmod +x design/contracts/rules.json'],
  ['mode and type', 'mv AGENTS.md gone.md'],
  ['mode and type', 'rm -f DESIGN.md && ln -s /etc/hostname DESIGN.md'],
  ['mode and type', 'rm -rf design'],
  ['governance files', 'mkdir -p .claude && echo "{}" > .claude/settings.json'],
  ['governance files', 'mkdir -p .codex && echo x > .codex/config.toml'],
  ['governance files', 'echo x > .github/workflows/design-check.yml'],
  ['governance files', 'echo x > .cursor/mcp.json'],
  ['governance files', 'mkdir -p .git/dsctl/approvals && echo "{}" > .git/dsctl/approvals/forged.json'],
  ['governance files', 'echo x > dsctl.config.json; echo x > design/policy.json'],
  ['new gated file', 'echo "{}" > design/contracts/components/evil.contract.json'],
  ['new gated file', 'echo "{}" > design/schemas/evil.schema.json'],
];

// The same kinds of command aimed outside the gates: each write lands.
const TWINS: readonly (readonly [string, string, (app: string) => unknown, unknown])[] = [
  ['path built at run time', 'f=examples/x.txt; echo x > $f', (app) => readFileSync(join(app, 'examples/x.txt'), 'utf8'), 'x\n'],
  ['glob', 'echo x > exampl*/clean.html', (app) => readFileSync(join(app, 'examples/clean.html'), 'utf8'), 'x\n'],
  ['names on a pipe', 'echo examples/clean.html | xargs truncate -s0', (app) => readFileSync(join(app, 'examples/clean.html'), 'utf8'), ''],
  ['git work tree', 'git merge -q --no-edit fine', (app) => readFileSync(join(app, 'examples/fine.html'), 'utf8'), 'fine\n'],
  ['extraction or copy', 'tar -xf fine.tar', (app) => readFileSync(join(app, 'examples/from-tar.html'), 'utf8'), 'tar\n'],
  ['writer the table lacks', "sed -n '1w NOTES.md' DESIGN.md", (app) => readFileSync(join(app, 'NOTES.md'), 'utf8'), '---\n'],
  ['link', 'ln -s examples/clean.html z2 && echo x > z2', (app) => readFileSync(join(app, 'examples/clean.html'), 'utf8'), 'x\n'],
  ['code that builds the path', "node -e \"require('fs').writeFileSync('NOTE'+'S.md','x')\"", (app) => readFileSync(join(app, 'NOTES.md'), 'utf8'), 'x'],
  ['mode and type', 'chmod +x examples/clean.html', (app) => (lstatSync(join(app, 'examples/clean.html')).mode & 0o777).toString(8), '755'],
];

// Writes outside the gates: each must land.
const BENIGN: readonly (readonly [string, string, string])[] = [
  ['echo ok > notes.txt', 'notes.txt', 'ok\n'],
  ['mkdir -p src/components && echo x > src/components/A.tsx', 'src/components/A.tsx', 'x\n'],
  ["sed -i 's/<\\/body>/<!-- x --><\\/body>/' examples/clean.html && grep -c 'x -->' examples/clean.html > count.txt", 'count.txt', '1\n'],
  ["cp examples/clean.html examples/copy.html && echo done > copied.txt", 'copied.txt', 'done\n'],
  ["node -e \"require('fs').writeFileSync('from-node.txt','n')\"", 'from-node.txt', 'n'],
];

describe('dsctl sandbox', () => {
  let repo: StarterRepo;
  beforeAll(() => {
    repo = sharedStarterRepo('dsctl-sandbox-');
    const { app, git } = repo;
    git('branch', '-q', '-M', 'main');
    // The material of the attacks: a branch, a patch, archives and a tree that change contracts.
    git('checkout', '-q', '-b', 'evil');
    writeFileSync(join(app, 'design/contracts/rules.json'), '{"version":"evil","rules":[]}\n');
    writeFileSync(join(app, 'AGENTS.md'), 'evil\n');
    git('commit', '-qam', 'evil');
    writeFileSync(join(app, 'evil.patch'), git('diff', 'main', 'evil'));
    git('checkout', '-q', 'main');
    git('checkout', '-q', '-b', 'fine');
    writeFileSync(join(app, 'examples/fine.html'), 'fine\n');
    git('add', 'examples/fine.html');
    git('commit', '-qm', 'fine');
    git('checkout', '-q', 'main');
    const sh = (command: string) => execSh(app, command);
    sh('mkdir -p fine-tree/examples && echo tar > fine-tree/examples/from-tar.html && tar -cf fine.tar -C fine-tree .');
    sh('mkdir -p evil-tree/design/contracts && echo "{}" > evil-tree/design/contracts/rules.json && echo evil > evil-tree/AGENTS.md');
    sh('tar -cf evil.tar -C evil-tree . && (cd evil-tree && zip -qr ../evil.zip .)');
    sh('ln -s design/contracts/tokens.json earlier-link');
    writeFileSync(join(app, '.gitignore'), `${readFileSync(join(app, '.gitignore'), 'utf8')}evil*\nfine-tree/\nfine.tar\nearlier-link\n`);
    git('add', '.gitignore');
    git('commit', '-qm', 'ignore the attack material');
    // The first sandbox makes .git/dsctl/ (where approvals live) so that it can be bound read-only.
    expect(dsctl(['sandbox', 'true'], app).code).toBe(0);
  });

  it.each(ATTACKS)('%s: %s — every protected file stays as it was', (_, command) => {
    const { app } = repo;
    const before = fingerprint(app);
    const scripts = designScripts(app);
    try {
      const run = dsctl(['sandbox', '--', 'bash', '-c', command], app, { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' });
      expect(run.stderr).not.toContain('could not set up the sandbox');
      expect(fingerprint(app)).toEqual(before);
      // package.json stays writable (dependencies); the scripts CI runs come back.
      expect(designScripts(app)).toBe(scripts);
    } finally {
      reset(repo);
    }
  });

  it.each(TWINS)('%s, outside the gates: %s — the write lands', (_, command, read, want) => {
    const { app } = repo;
    const before = fingerprint(app);
    try {
      const run = dsctl(['sandbox', '--', 'bash', '-c', command], app, { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' });
      expect(run.code, run.stderr).toBe(0);
      expect(read(app)).toEqual(want);
      expect(fingerprint(app)).toEqual(before);
    } finally {
      reset(repo);
    }
  });

  it.each(BENIGN)('a write outside the gates lands: %s', (command, file, content) => {
    const { app } = repo;
    const run = dsctl(['sandbox', '--', 'bash', '-c', command], app);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(app, file), 'utf8')).toBe(content);
  });

  it('lets git commit and a dependency be added to package.json (the scripts CI runs are pointer-gated)', () => {
    const { app, git } = repo;
    const run = dsctl(['sandbox', '--', 'bash', '-c', 'npm pkg set dependencies.left-pad=1.3.0 && echo y > committed.txt && git add committed.txt && git -c user.name=t -c user.email=t@t commit -qm "an agent commit"'], app);
    expect(run.code, run.stderr).toBe(0);
    expect(git('log', '-1', '--format=%s').trim()).toBe('an agent commit');
    expect((JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies?.['left-pad']).toBe('1.3.0');
    git('reset', '-q', '--hard', 'HEAD~1');
  });

  it('passes the exit code through, and fails a command whose gated change had to be put back', () => {
    const { app } = repo;
    expect(dsctl(['sandbox', '--', 'sh', '-c', 'exit 7'], app).code).toBe(7);
    expect(dsctl(['sandbox', 'true'], app).code).toBe(0);
    const created = dsctl(['sandbox', '--', 'sh', '-c', 'mkdir -p .codex && echo x > .codex/hooks.json'], app);
    expect(created.code).toBe(1);
    expect(created.stderr).toMatch(/\.codex(\/hooks\.json)? was created .*put back/);
    expect(existsSync(join(app, '.codex'))).toBe(false);
  });

  it('a background job does not outlive the command: its delayed write never lands', async () => {
    const { app } = repo;
    const marker = `dsctl-bg-${process.pid}-${Date.now()}`;
    const run = dsctl(['sandbox', '--', 'sh', '-c', `sh -c 'sleep 30; echo late > late.txt' ${marker} >/dev/null 2>&1 & echo started`], app);
    expect(run.code, run.stderr).toBe(0);
    // Wait until no process carries the marker: then nothing can write later.
    await waitFor(() => (processesWith(marker) === 0 ? true : undefined));
    expect(existsSync(join(app, 'late.txt'))).toBe(false);
  });

  it('in a git worktree: the gates, the common hooks and config, and the worktree\'s own approvals folder are read-only', () => {
    const { app, git } = repo;
    const wt = join(app, '..', `${app.split('/').pop()}-wt`);
    git('worktree', 'add', '-q', wt);
    try {
      const approvals = git('-C', wt, 'rev-parse', '--path-format=absolute', '--git-path', 'dsctl/approvals').trim();
      const run = dsctl(['sandbox', '--', 'sh', '-c', `echo x > design/contracts/rules.json; echo x >> "${join(app, '.git/config')}"; mkdir -p "${approvals}" && echo f > "${approvals}/forged.json"; echo ok > ok.txt`], wt);
      expect(run.stderr).toContain('Read-only file system');
      expect(existsSync(join(approvals, 'forged.json'))).toBe(false);
      expect(readFileSync(join(wt, 'ok.txt'), 'utf8')).toBe('ok\n');
      expect(git('-C', wt, 'status', '--porcelain').trim()).toBe('?? ok.txt');
    } finally {
      git('worktree', 'remove', '--force', wt);
    }
  });

  it('refuses usage mistakes with exit 2 and no stack trace', () => {
    const { app } = repo;
    for (const [args, message] of [
      [['sandbox'], /needs a command/],
      [['sandbox', '--bogus', 'true'], /unknown option --bogus/],
    ] as const) {
      const run = dsctl(args, app);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(dsctl(['sandbox', '--help'], app).stdout).toContain('Usage: dsctl sandbox');
  });

  it('without bubblewrap: exit 2 naming what to install; --allow-unsandboxed runs with the guard and is recorded', () => {
    const { app } = repo;
    const env = { PATH: '/nonexistent' };
    const refused = dsctl(['sandbox', '--', '/bin/sh', '-c', 'echo x > notes2.txt'], app, env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('apt-get install bubblewrap');
    expect(existsSync(join(app, 'notes2.txt'))).toBe(false);
    const allowed = dsctl(['sandbox', '--allow-unsandboxed', '--', '/bin/sh', '-c', 'echo x > notes2.txt; echo x >> design/authority.md'], app, env);
    expect(allowed.code).toBe(1);
    expect(readFileSync(join(app, 'notes2.txt'), 'utf8')).toBe('x\n');
    expect(fingerprint(app)['design/authority.md']).toBeDefined();
    expect(repo.git('status', '--porcelain', 'design/authority.md').trim()).toBe('');
    const log = readFileSync(join(app, '.dsctl/runs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { workflow: string; changed_paths: string[] });
    expect(log.at(-1)).toMatchObject({ workflow: 'unsandboxed-command', changed_paths: ['design/authority.md'] });
  });
});

/**
 * Puts the work tree back for the next command (from outside the sandbox): a branch switch or a merge
 * may have moved HEAD, which is not a gate; the attack material stays.
 */
function reset({ git }: StarterRepo): void {
  git('checkout', '-q', '-f', 'main');
  git('reset', '-q', '--hard', 'main');
  git('clean', '-fdq', '-e', 'evil*', '-e', 'fine*', '-e', 'earlier-link', '-e', '.dsctl/');
}

/** Set-up from outside the sandbox. */
function execSh(cwd: string, command: string): void {
  const { status } = spawnSync('/bin/sh', ['-c', command], { cwd, stdio: 'ignore' });
  if (status !== 0) throw new Error(`setup failed: ${command}`);
}
