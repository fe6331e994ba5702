import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics/user-error.js';
import { listLearnings, proposeLearning, slugify } from '../../src/governance/learnings.js';
import { loadValidProject } from '../../src/project/project.js';
import { editJson, starterProject } from '../support/project.js';

const now = new Date('2026-06-18T23:30:00Z');
const FOLDER = 'docs/loop-learnings';

describe('slugify', () => {
  it.each([
    ['Secondary buttons in dialogs', 'secondary-buttons-in-dialogs'],
    ['  Crème brûlée: über-spacing!  ', 'creme-brulee-uber-spacing'],
    ['ブランドの温かさ', 'ブランドの温かさ'],
    ['v2.1 — contrast on #FFF', 'v2-1-contrast-on-fff'],
    ['!!!', ''],
    ['a'.repeat(100), 'a'.repeat(60)],
  ])('%j → %j', (title, slug) => expect(slugify(title)).toBe(slug));
});

describe('proposeLearning', () => {
  it('writes a new proposal under the quarantine folder with its front matter, never overwriting', () => {
    const dir = starterProject();
    const project = loadValidProject({ cwd: dir });
    const first = proposeLearning(project, { title: 'Secondary buttons in dialogs', body: '\nDialogs read better with one primary.\n\n', now });
    expect(first).toEqual({ path: join(dir, FOLDER, '2026-06-18-secondary-buttons-in-dialogs.md'), file: `${FOLDER}/2026-06-18-secondary-buttons-in-dialogs.md` });
    expect(readFileSync(first.path, 'utf8')).toBe(
      '---\nstatus: proposal\ntitle: Secondary buttons in dialogs\ncreated: 2026-06-18\n---\n\nDialogs read better with one primary.\n',
    );
    const second = proposeLearning(project, { title: 'Secondary buttons in dialogs', body: 'Another view.', now });
    const third = proposeLearning(project, { title: 'secondary buttons, in dialogs', body: '', now });
    expect([second.file, third.file]).toEqual([
      `${FOLDER}/2026-06-18-secondary-buttons-in-dialogs-2.md`,
      `${FOLDER}/2026-06-18-secondary-buttons-in-dialogs-3.md`,
    ]);
    expect(readFileSync(first.path, 'utf8')).toContain('Dialogs read better with one primary.');
    expect(readFileSync(third.path, 'utf8')).toBe('---\nstatus: proposal\ntitle: secondary buttons, in dialogs\ncreated: 2026-06-18\n---\n\n');
    // No temp files left behind; nothing written anywhere else.
    expect(readdirSync(join(dir, FOLDER)).sort()).toEqual([
      '2026-06-18-secondary-buttons-in-dialogs-2.md',
      '2026-06-18-secondary-buttons-in-dialogs-3.md',
      '2026-06-18-secondary-buttons-in-dialogs.md',
    ]);
  });

  it('quotes a title YAML would misread', () => {
    const project = loadValidProject({ cwd: starterProject() });
    const { path } = proposeLearning(project, { title: 'status: approved', body: 'x', now });
    expect(readFileSync(path, 'utf8')).toContain('status: proposal\ntitle: "status: approved"\n');
    expect(listLearnings(project)).toEqual([{ file: `${FOLDER}/2026-06-18-status-approved.md`, status: 'proposal', title: 'status: approved', created: '2026-06-18' }]);
  });

  it.each([
    ['../../DESIGN', 'looks like a path'],
    ['design/contracts/rules', 'looks like a path'],
    ['..\\escape', 'looks like a path'],
    ['.hidden', 'looks like a path'],
    ['two\nlines', 'one line of text'],
    ['', 'needs a title'],
    ['***', 'no letters or digits'],
    ['x'.repeat(201), 'at most 200'],
  ])('refuses the title %j', (title, message) => {
    const dir = starterProject();
    const project = loadValidProject({ cwd: dir });
    expect(() => proposeLearning(project, { title, body: 'b', now })).toThrow(UserError);
    expect(() => proposeLearning(project, { title, body: 'b', now })).toThrow(message);
    expect(() => readdirSync(join(dir, FOLDER))).toThrow(/ENOENT/);
  });

  it.each([
    ['../elsewhere', 'not a folder inside the project'],
    ['.', 'not a folder inside the project'],
    ['design/contracts/learnings', 'protected by the hard gate "contracts"'],
  ])('refuses a quarantine folder %j', (learnings, message) => {
    const dir = starterProject();
    editJson<{ learnings: string }>(dir, 'design/policy.json', (p) => {
      p.learnings = learnings;
    });
    const project = loadValidProject({ cwd: dir });
    expect(() => proposeLearning(project, { title: 'A title', body: 'b', now })).toThrow(message);
  });
});

describe('listLearnings', () => {
  it('lists every Markdown file with its status and title, sorted; an absent folder is empty', () => {
    const dir = starterProject();
    const project = loadValidProject({ cwd: dir });
    expect(listLearnings(project)).toEqual([]);
    proposeLearning(project, { title: 'Zebra stripes', body: 'z', now });
    proposeLearning(project, { title: 'Avatars', body: 'a', now: new Date('2026-07-01T00:00:00Z') });
    const folder = join(dir, FOLDER);
    writeFileSync(join(folder, '2026-01-01-accepted.md'), '---\nstatus: accepted\ntitle: Old one\ncreated: 2026-01-01\n---\nbody\n');
    writeFileSync(join(folder, 'README.md'), '# Loop learnings\n');
    writeFileSync(join(folder, 'notes.txt'), 'not Markdown');
    mkdirSync(join(folder, 'w1'));
    writeFileSync(join(folder, 'w1', 'broken.md'), '---\ntitle: [unclosed\n---\n');
    expect(listLearnings(project)).toEqual([
      { file: `${FOLDER}/2026-01-01-accepted.md`, status: 'accepted', title: 'Old one', created: '2026-01-01' },
      { file: `${FOLDER}/2026-06-18-zebra-stripes.md`, status: 'proposal', title: 'Zebra stripes', created: '2026-06-18' },
      { file: `${FOLDER}/2026-07-01-avatars.md`, status: 'proposal', title: 'Avatars', created: '2026-07-01' },
      { file: `${FOLDER}/README.md`, status: null, title: null, created: null, problem: 'no front matter' },
      { file: `${FOLDER}/w1/broken.md`, status: null, title: null, created: null, problem: expect.stringContaining('front matter is not valid YAML') },
    ]);
  });
});
