import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';
import { editJson } from '../support/project.js';

describe('dsctl a11y coverage (built binary)', () => {
  it('passes the starter (every interactive component has its test); a missing test fails; a waiver added since --base fails', () => {
    const { app, git } = starterRepo();
    const starter = dsctl(['a11y', 'coverage'], app);
    expect(starter.code, starter.stdout + starter.stderr).toBe(0);
    expect(starter.stderr).toContain('6 interactive component(s): 6 covered, 0 waived, 0 missing, 0 without code');

    git('branch', '-M', 'main');
    git('checkout', '-qb', 'feature');
    rmSync(join(app, 'src/components/Checkbox/Checkbox.a11y.test.tsx'));
    const missing = dsctl(['a11y', 'coverage', '--json'], app);
    expect(missing.code).toBe(1);
    const envelope = JSON.parse(missing.stdout) as { type: string; ok: boolean; data: { problems: { code: string; file: string }[] } };
    expect(envelope).toMatchObject({ type: 'dsctl/a11y-coverage', ok: false });
    expect(envelope.data.problems.filter((p) => p.code === 'a11y/test-missing')).toMatchObject([{ file: 'src/components/Checkbox/index.tsx' }]);

    editJson(app, 'design/policy.json', (p) => {
      p.a11yWaivers = ['Checkbox'];
    });
    expect(dsctl(['a11y', 'coverage'], app).code).toBe(0);
    const added = dsctl(['a11y', 'coverage', '--base', 'main'], app);
    expect(added.code).toBe(1);
    expect(added.stdout).toContain('waiver "Checkbox" is not in a11yWaivers at main: waivers may not be added, only removed');
  });
});
