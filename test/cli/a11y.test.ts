import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';
import { editJson } from '../support/project.js';

describe('dsctl a11y coverage (built binary)', () => {
  it('passes the starter with notes; a missing test fails; a waiver added since --base fails', () => {
    const { app, git } = starterRepo();
    const starter = dsctl(['a11y', 'coverage'], app);
    expect(starter.code, starter.stdout + starter.stderr).toBe(0);
    expect(starter.stdout).toContain('Button is interactive, but its contract has no "source": no component code to check');
    expect(starter.stderr).toContain('6 interactive component(s): 0 covered, 0 waived, 0 missing, 6 without code');

    git('branch', '-M', 'main');
    git('checkout', '-qb', 'feature');
    mkdirSync(join(app, 'src/ui'), { recursive: true });
    writeFileSync(join(app, 'src/ui/Checkbox.tsx'), 'export function Checkbox() { return <input type="checkbox" /> }\n');
    editJson(app, 'design/contracts/components/checkbox.contract.json', (c) => {
      c.source = 'src/ui/Checkbox.tsx';
      c.status = 'draft';
    });
    const missing = dsctl(['a11y', 'coverage', '--json'], app);
    expect(missing.code).toBe(1);
    const envelope = JSON.parse(missing.stdout) as { type: string; ok: boolean; data: { problems: { code: string; file: string }[] } };
    expect(envelope).toMatchObject({ type: 'dsctl/a11y-coverage', ok: false });
    expect(envelope.data.problems.filter((p) => p.code === 'a11y/test-missing')).toMatchObject([{ file: 'src/ui/Checkbox.tsx' }]);

    editJson(app, 'design/policy.json', (p) => {
      p.a11yWaivers = ['Checkbox'];
    });
    expect(dsctl(['a11y', 'coverage'], app).code).toBe(0);
    const added = dsctl(['a11y', 'coverage', '--base', 'main'], app);
    expect(added.code).toBe(1);
    expect(added.stdout).toContain('waiver "Checkbox" is not in a11yWaivers at main: waivers may not be added, only removed');
  });
});
