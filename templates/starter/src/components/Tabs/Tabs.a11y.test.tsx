import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Tabs, type TabItem } from '.';

const ITEMS: TabItem[] = [
  { id: 'overview', label: 'Overview', panel: 'Milestones, owners and the next review date.' },
  { id: 'activity', label: 'Activity', panel: 'Recent changes by your team.' },
  { id: 'settings', label: 'Settings', panel: 'Who can see this project.' },
];

function setup(items: TabItem[] = ITEMS) {
  const user = userEvent.setup();
  render(<Tabs label="Project sections" items={items} />);
  const tab = (name: string) => screen.getByRole('tab', { name });
  return { user, tab };
}

/** The tab that has focus is the selected one, and its panel is the one shown. */
function expectSelected(name: string) {
  const tab = screen.getByRole('tab', { name, selected: true });
  expect(tab).toBe(document.activeElement);
  expect(screen.getAllByRole('tab', { selected: true })).toHaveLength(1);
  expect(screen.getByRole('tabpanel').id).toBe(tab.getAttribute('aria-controls'));
}

// The keyboard contract of design/contracts/components/tabs.contract.json, plus its states.
describe('Tabs', () => {
  it('ArrowRight moves focus to and selects the next tab, wrapping to the first', async () => {
    const { user, tab } = setup();
    tab('Overview').focus();
    await user.keyboard('{ArrowRight}');
    expectSelected('Activity');
    await user.keyboard('{ArrowRight}');
    expectSelected('Settings');
    await user.keyboard('{ArrowRight}');
    expectSelected('Overview');
  });

  it('ArrowLeft moves focus to and selects the previous tab, wrapping to the last', async () => {
    const { user, tab } = setup();
    tab('Overview').focus();
    await user.keyboard('{ArrowLeft}');
    expectSelected('Settings');
    await user.keyboard('{ArrowLeft}');
    expectSelected('Activity');
  });

  it('Home selects the first tab', async () => {
    const { user, tab } = setup();
    await user.click(tab('Settings'));
    await user.keyboard('{Home}');
    expectSelected('Overview');
  });

  it('End selects the last tab', async () => {
    const { user, tab } = setup();
    tab('Overview').focus();
    await user.keyboard('{End}');
    expectSelected('Settings');
  });

  it('Tab leaves the tab list and moves focus into the active panel', async () => {
    const { user, tab } = setup();
    await user.tab();
    expect(tab('Overview')).toBe(document.activeElement);
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toBe(document.activeElement);
  });

  it('only the selected tab is in the Tab order (tabindex 0; the others -1)', () => {
    setup();
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
  });

  it('each tab controls its panel, and each panel is labelled by its tab', () => {
    setup();
    for (const tab of screen.getAllByRole('tab')) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel?.getAttribute('role')).toBe('tabpanel');
      expect(panel?.getAttribute('aria-labelledby')).toBe(tab.id);
    }
  });

  it('selected: clicking a tab selects it and shows its panel only', async () => {
    const { user, tab } = setup();
    await user.click(tab('Activity'));
    expectSelected('Activity');
    expect(screen.getByRole('tabpanel', { name: 'Activity' }).textContent).toBe('Recent changes by your team.');
  });

  it('disabled: a disabled tab is skipped by the arrow keys and cannot be selected', async () => {
    const { user, tab } = setup([ITEMS[0] as TabItem, { ...(ITEMS[1] as TabItem), disabled: true }, ITEMS[2] as TabItem]);
    expect(tab('Activity').getAttribute('aria-disabled')).toBe('true');
    tab('Overview').focus();
    await user.keyboard('{ArrowRight}');
    expectSelected('Settings');
    await user.click(tab('Activity'));
    expect(tab('Activity').getAttribute('aria-selected')).toBe('false');
  });

  it('passes axe in both appearances', async () => {
    const { container } = render(
      <>
        <Tabs label="Project sections" items={ITEMS} />
        <Tabs label="Views" appearance="contained" size="sm" items={[{ id: 'list', label: 'List', panel: 'A list.' }, { id: 'board', label: 'Board', panel: 'A board.' }]} />
      </>,
    );
    const report = await expectNoAxeViolations(container);
    expect(report.notChecked).toContain('color-contrast');
    expect(report.passed).toEqual(expect.arrayContaining(['aria-required-children', 'aria-valid-attr-value']));
  });
});
