import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeHook } from '../../src/hooks/claude.js';
import { loadValidProject } from '../../src/project/project.js';
import { buildViews } from '../../src/views/build.js';
import { sharedStarterProject } from '../support/project.js';

const dir = sharedStarterProject();
// The views give DESIGN.md its generated front matter and the playbook its generated regions.
buildViews(loadValidProject({ cwd: dir }));
symlinkSync(join(dir, 'design/contracts'), join(dir, 'shortcut'));
const payload = (tool_name: string, tool_input: Record<string, unknown>) => JSON.stringify({ session_id: 's1', cwd: dir, hook_event_name: 'PreToolUse', tool_name, tool_input });
const write = (file_path: string, content = 'x') => payload('Write', { file_path, content });
const bash = (command: string) => payload('Bash', { command });

const DENIED: [string, string][] = [
  ['Write rules.json', write('design/contracts/rules.json')],
  ['Write tokens.json (absolute)', write(join(dir, 'design/contracts/tokens.json'))],
  ['Write ./ path', write('./design/contracts/tokens.json')],
  ['Write .. path', write('examples/../design/contracts/tokens.json')],
  ['Write double slash', write('design//contracts/rules.json')],
  ['Write a new contract', write('design/contracts/components/new.contract.json')],
  ['Write case variant', write('Design/Contracts/Rules.json')],
  ['Write DESIGN.md case variant', write('design.md')],
  ['Write through a symlink', write('shortcut/rules.json')],
  ['Write a schema', write('design/schemas/rules.schema.json')],
  ['Write authority', write('design/authority.md')],
  ['Write AGENTS.md', write('AGENTS.md')],
  ['Write baseline', write('.design-baseline.json')],
  ['Write policy', write('design/policy.json')],
  ['Write config', write('dsctl.config.json')],
  ['Write the DESIGN.md body', write('DESIGN.md', '# replaced')],
  ['Edit the DESIGN.md body', payload('Edit', { file_path: 'DESIGN.md', old_string: '## Principles', new_string: '## Rules' })],
  ['Edit rules.json', payload('Edit', { file_path: 'design/contracts/rules.json', old_string: '"error"', new_string: '"warn"' })],
  ['MultiEdit tokens.json', payload('MultiEdit', { file_path: 'design/contracts/tokens.json', edits: [{ old_string: '{', new_string: '{ ' }] })],
  ['NotebookEdit in contracts', payload('NotebookEdit', { notebook_path: 'design/contracts/x.ipynb', new_source: 'x' })],
  ['Edit the playbook prose', payload('Edit', { file_path: 'docs/loop-playbook.md', old_string: 'Level 1', new_string: 'Level one' })],
  ['echo >', bash('echo x > design/contracts/rules.json')],
  ['echo >>', bash('echo x >> DESIGN.md')],
  ['bash -c', bash('bash -c "echo x > design/contracts/rules.json"')],
  ['sh -c nested', bash(`sh -c 'bash -c "echo x > AGENTS.md"'`)],
  ['cd && sed -i', bash('cd design && sed -i s/a/b/ contracts/tokens.json')],
  ['tee', bash('echo x | tee design/policy.json')],
  ['tee -a', bash('echo x | tee -a AGENTS.md')],
  ['cp over', bash('cp /tmp/x design/contracts/tokens.json')],
  ['mv away', bash('mv design/contracts/rules.json /tmp/')],
  ['rm -rf folder', bash('rm -rf design/contracts')],
  ['rm parent folder', bash('rm -rf design')],
  ['ln -sf', bash('ln -sf /tmp/evil design/authority.md')],
  ['touch', bash('touch design/contracts/new.json')],
  ['truncate', bash('truncate -s 0 DESIGN.md')],
  ['dd of=', bash('dd if=/dev/zero of=AGENTS.md bs=1 count=1')],
  ['git checkout --', bash('git checkout HEAD -- design/contracts/tokens.json')],
  ['git restore', bash('git restore design/contracts/rules.json')],
  ['eval', bash(`eval 'rm DESIGN.md'`)],
  ['heredoc', bash('cat > design/policy.json <<EOF\n{}\nEOF')],
  ['absolute redirect', bash(`echo x > ${join(dir, 'dsctl.config.json')}`)],
  ['install', bash('install -m 644 /tmp/x design/schemas/tokens.schema.json')],
  // Read without the parser (src/governance/shell/plain.ts): quotes, operators, redirections.
  ['quoted cd && sed -i', bash(`cd 'design' && sed -i "s/a/b/" "contracts/tokens.json"`)],
  ['redirect through a symlink', bash('echo x > shortcut/rules.json')],
  ['redirect after 2>&1', bash('npm test 2>&1 > design/contracts/log.json')],
  ['quoted tee in a pipeline', bash(`echo "x" | tee 'AGENTS.md' > /dev/null`)],
  ['redirect-only truncation', bash('> DESIGN.md')],
  ['cd then a fd redirect', bash('cd design/contracts && node x.js 2> tokens.json')],
  ['in-place edit after ||', bash(`test -f x || sed -i.bak 's/a/b/' design/schemas/tokens.schema.json`)],
];

const ALLOWED: [string, string][] = [
  ['Write an example page', write('examples/new.html', '<p>x</p>')],
  ['Write a source file', write('src/App.tsx', 'export {}')],
  ['Write a learning', write('docs/loop-learnings/idea.md', '# idea')],
  ['Write README', write('README.md')],
  ['Write generated CSS', write('design/generated/tokens.css')],
  ['Write outside the repo', write('/tmp/scratch.txt')],
  ['Write a redteam page', write('redteam/attack.html')],
  ['Edit a page', payload('Edit', { file_path: 'examples/clean.html', old_string: 'a', new_string: 'b' })],
  ['Read a contract', payload('Read', { file_path: 'design/contracts/rules.json' })],
  ['Grep', payload('Grep', { pattern: 'x', path: 'design' })],
  ['Glob', payload('Glob', { pattern: 'design/**' })],
  ['WebSearch', payload('WebSearch', { query: 'x' })],
  ['git status', bash('git status')],
  ['npm test', bash('npm test')],
  ['ls', bash('ls -la design/contracts')],
  ['cat', bash('cat design/contracts/rules.json')],
  ['grep', bash('grep -r text-black design')],
  ['sed -n', bash('sed -n 1,5p DESIGN.md')],
  ['jq', bash('jq .rules design/contracts/rules.json')],
  ['git diff', bash('git diff -- design')],
  ['git log', bash('git log --oneline -5')],
  ['dsctl check', bash('node dist/dsctl.js check 2>/dev/null')],
  ['dsctl lint', bash('npx dsctl lint examples --format json > /tmp/report.json')],
  ['redirect 2>&1', bash('npm run build 2>&1 | tail -5')],
  ['write a page', bash('echo "<p>x</p>" > examples/new.html')],
  ['cp into examples', bash('cp examples/clean.html examples/copy.html')],
  ['mkdir src', bash('mkdir -p src/components')],
  ['rm a page', bash('rm examples/old.html')],
  ['touch redteam', bash('touch redteam/x.html')],
  ['cd and build', bash('cd examples && ls')],
  ['node -e harmless', bash('node -e "console.log(1)"')],
  ['python -c harmless', bash(`python3 -c "print(42)"`)],
  ['find without delete', bash('find design -name "*.json"')],
  ['tee to tmp', bash('echo x | tee /tmp/log.txt')],
  ['wc', bash('wc -l design/contracts/*.json')],
  ['head', bash('head -20 AGENTS.md')],
  ['diff', bash('diff DESIGN.md /tmp/DESIGN.md')],
  ['echo to /dev/null', bash('echo x > /dev/null')],
  ['subshell reading', bash('(cd design && cat contracts/rules.json)')],
  ['npm run build', bash('npm run design:build')],
  ['dsctl build regenerates', bash('npx dsctl build')],
  ['commit with a quoted message', bash('git add -A && git commit -m "feat: tokens > rules; design/contracts"')],
  ['grep for a redirect', bash(`grep -rn '>' design/contracts 2>/dev/null | head -5`)],
  ['build log to tmp', bash('cd examples && npm run build &> /tmp/build.log')],
  ['read with <', bash('wc -l < design/contracts/rules.json')],
];

describe('PreToolUse: denied, with exit 2 and a deny decision naming the gate', () => {
  it(`has at least 40 denied and 40 allowed payloads (${DENIED.length}/${ALLOWED.length})`, () => {
    expect(DENIED.length).toBeGreaterThanOrEqual(40);
    expect(ALLOWED.length).toBeGreaterThanOrEqual(40);
  });

  it.each(DENIED)('%s', async (_name, stdin) => {
    const outcome = await claudeHook('pre-tool-use', stdin, dir);
    expect(outcome.exitCode).toBe(2);
    const answer = JSON.parse(outcome.stdout ?? '{}') as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    expect(answer.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(answer.hookSpecificOutput.permissionDecisionReason).toMatch(/hard gate "[a-z-]+"/);
    expect(outcome.stderr).toContain('hard gate');
  });
});

describe('PreToolUse: allowed silently (exit 0, no output)', () => {
  it.each(ALLOWED)('%s', async (_name, stdin) => {
    expect(await claudeHook('pre-tool-use', stdin, dir)).toEqual({ exitCode: 0 });
  });
});

describe('PreToolUse: the edge cases', () => {
  it('fails closed on input it cannot read', async () => {
    const outcome = await claudeHook('pre-tool-use', 'not json', dir);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toContain('could not read the hook input');
  });

  it('asks a person about inline interpreter code that mentions a protected path', async () => {
    const outcome = await claudeHook('pre-tool-use', bash(`python3 -c "open('design/contracts/rules.json','w').write('x')"`), dir);
    expect(outcome.exitCode).toBe(0);
    expect(JSON.parse(outcome.stdout ?? '{}')).toMatchObject({ hookSpecificOutput: { permissionDecision: 'ask' } });
  });

  it('lets a Write of DESIGN.md through when only its generated front matter changes', async () => {
    const current = readFileSync(join(dir, 'DESIGN.md'), 'utf8');
    const regenerated = current.replace(/^name: .*$/m, 'name: Tessera 2');
    expect(regenerated).not.toBe(current);
    expect(await claudeHook('pre-tool-use', write('DESIGN.md', regenerated), dir)).toEqual({ exitCode: 0 });
    const bodyEdited = regenerated.replace('## Principles', '## Rules');
    expect((await claudeHook('pre-tool-use', write('DESIGN.md', bodyEdited), dir)).exitCode).toBe(2);
  });
});
