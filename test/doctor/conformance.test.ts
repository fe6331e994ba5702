import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/doctor/registry.js';

const files = readdirSync(new URL('../../src/doctor/checks/', import.meta.url)).map((f) => f.replace(/\.ts$/, ''));

describe('the doctor check registry', () => {
  it('holds one check per module under checks/, sorted by id', () => {
    expect(CHECKS.map((c) => c.id)).toEqual([...files].sort());
  });
});

describe.each(CHECKS.map((check) => ({ id: check.id, check })))('doctor check $id', ({ check }) => {
  it('documents itself', () => {
    expect(check.meta.docs.description.length).toBeGreaterThan(10);
  });

  it('gives every message a fix people can apply, and only known severities', () => {
    const messages = Object.entries(check.meta.messages);
    expect(messages.length).toBeGreaterThan(0);
    for (const [id, m] of messages) {
      expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(m.message.trim(), id).not.toBe('');
      expect(m.fix.trim(), id).not.toBe('');
      expect([undefined, 'error', 'warn']).toContain(m.severity);
    }
  });
});
