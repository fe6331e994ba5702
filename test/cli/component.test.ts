import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { sharedStarterProject } from '../support/project.js';

describe('dsctl component risk (built binary)', () => {
  const app = sharedStarterProject();

  it('prints the bare tier on stdout and the reasons on stderr', () => {
    const run = dsctl(['component', 'risk', 'Button'], app);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('interactive\n');
    expect(run.stderr).toContain('Button: type is "interactive"');
    expect(dsctl(['component', 'risk', 'badge'], app).stdout).toBe('display\n');
  });

  it('--json: { name, risk, reasons }', () => {
    const run = dsctl(['component', 'risk', 'Tabs', '--json'], app);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      type: 'dsctl/component-risk',
      ok: true,
      data: { name: 'Tabs', risk: 'interactive', reasons: ['type is "interactive"', 'keyboard contract handles "ArrowRight", "ArrowLeft", "Home", "End"'] },
    });
  });

  it('an unknown name exits 2 with did-you-mean', () => {
    const run = dsctl(['component', 'risk', 'Buton'], app);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('no component contract named "Buton" in design/contracts/components: did you mean "Button"?');
    const json = dsctl(['component', 'risk', 'Buton', '--json'], app);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ type: 'dsctl/error', ok: false, error: { code: 'component/unknown' } });
  });
});
