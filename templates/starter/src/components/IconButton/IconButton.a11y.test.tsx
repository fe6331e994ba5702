import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { IconButton } from '.';

const Dots = () => (
  <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" aria-hidden="true">
    <circle cx="12" cy="12" r="1" />
  </svg>
);

// The keyboard contract of design/contracts/components/icon-button.contract.json, plus its states.
describe('IconButton', () => {
  it('is named by its label, and the icon is hidden from assistive technology', () => {
    render(<IconButton label="More actions" icon={<Dots />} />);
    const button = screen.getByRole('button', { name: 'More actions' });
    expect(button.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(button.textContent).toBe('');
  });

  it('Enter activates the button', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<IconButton label="More actions" icon={<Dots />} onClick={onClick} />);
    screen.getByRole('button', { name: 'More actions' }).focus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('Space activates the button on key release', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<IconButton label="More actions" icon={<Dots />} onClick={onClick} />);
    screen.getByRole('button', { name: 'More actions' }).focus();
    await user.keyboard('[Space>]');
    expect(onClick).not.toHaveBeenCalled();
    await user.keyboard('[/Space]');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('selected: a toggle exposes aria-pressed', () => {
    render(
      <>
        <IconButton label="Pin project" icon={<Dots />} pressed />
        <IconButton label="Star project" icon={<Dots />} pressed={false} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Pin project', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Star project', pressed: false })).toBeTruthy();
  });

  it('disabled: leaves the Tab order and does not act', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<IconButton label="More actions" icon={<Dots />} disabled onClick={onClick} />);
    await user.tab();
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('passes axe in every tone and size', async () => {
    const { container } = render(
      <>
        <IconButton label="More actions" icon={<Dots />} />
        <IconButton label="Settings" tone="outline" size="sm" icon={<Dots />} />
        <IconButton label="Pin project" icon={<Dots />} pressed />
        <IconButton label="Delete" icon={<Dots />} disabled />
      </>,
    );
    const report = await expectNoAxeViolations(container);
    expect(report.notChecked).toEqual(expect.arrayContaining(['color-contrast', 'target-size']));
    expect(report.passed).toContain('button-name');
  });
});
