import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../../support/cli.js';
import { starterProject } from '../../support/project.js';

interface Envelope {
  data: { coverage: { summary: string }; results: { violations: { ruleId: string; token: string }[] }[] };
}

describe('the built binary loads Tailwind’s class model (dist/dsctl.js; npm run build first)', () => {
  it('flags unknown classes on standard input, caches their classification, and says nothing of a fallback', () => {
    const dir = starterProject();
    const run = dsctl(['lint', '--stdin', '--stdin-filename', 'page.html', '--format', 'json'], dir, {}, '<p class="bg-background text-muted-foreground bg-foo-bar text-fg btn">x</p>');
    expect(run.stderr).toBe('');
    const [result] = (JSON.parse(run.stdout) as Envelope).data.results;
    expect(result?.violations.filter((v) => v.ruleId === 'TW_UNKNOWN_CLASS').map((v) => v.token)).toEqual(['bg-background', 'text-muted-foreground', 'bg-foo-bar']);
    expect((JSON.parse(run.stdout) as Envelope).data.coverage.summary).not.toContain('Tailwind');
    const cache = join(dir, '.dsctl/cache/tailwind');
    expect(existsSync(cache) && readdirSync(cache).some((f) => f.startsWith('classes-'))).toBe(true);
  });
});
