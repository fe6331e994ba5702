import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Checkbox } from '.';

// The keyboard contract of design/contracts/components/checkbox.contract.json, plus its states.
describe('Checkbox', () => {
  it('Space toggles the checkbox', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="Send me the weekly digest" />);
    const box = screen.getByRole('checkbox', { name: 'Send me the weekly digest' });
    box.focus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { checked: true })).toBe(box);
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { checked: false })).toBe(box);
  });

  it('Tab moves focus to the next checkbox or control', async () => {
    const user = userEvent.setup();
    render(
      <fieldset>
        <legend>Notifications</legend>
        <Checkbox label="Email" />
        <Checkbox label="Push" />
      </fieldset>,
    );
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Email' })).toBe(document.activeElement);
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Push' })).toBe(document.activeElement);
  });

  it('the whole label is the click target', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="Send me the weekly digest" />);
    await user.click(screen.getByText('Send me the weekly digest'));
    expect(screen.getByRole('checkbox', { name: 'Send me the weekly digest', checked: true })).toBeTruthy();
  });

  it('checked: starts checked when told', () => {
    render(<Checkbox label="Send me the weekly digest" defaultChecked />);
    expect(screen.getByRole('checkbox', { name: 'Send me the weekly digest', checked: true })).toBeTruthy();
  });

  it('indeterminate: a "select all" box is neither checked nor unchecked', () => {
    render(<Checkbox label="Select all projects" indeterminate />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all projects' });
    expect(box.indeterminate).toBe(true);
  });

  it('disabled: leaves the Tab order and does not toggle', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="Send me the weekly digest" disabled />);
    await user.tab();
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByText('Send me the weekly digest'));
    expect(screen.getByRole('checkbox', { name: 'Send me the weekly digest', checked: false })).toBeTruthy();
  });

  it('invalid: exposes aria-invalid', () => {
    render(<Checkbox label="Accept the terms" invalid />);
    expect(screen.getByRole('checkbox', { name: 'Accept the terms' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('described: the description is linked with aria-describedby', () => {
    render(<Checkbox label="Weekly digest" description="A summary of your projects, every Monday." />);
    const box = screen.getByRole('checkbox', { name: 'Weekly digest' });
    const id = box.getAttribute('aria-describedby');
    expect(id).toBeTruthy();
    expect(document.getElementById(id as string)?.textContent).toBe('A summary of your projects, every Monday.');
  });

  it('passes axe in every layout and state', async () => {
    const { container } = render(
      <fieldset>
        <legend>Notifications</legend>
        <Checkbox label="Email" defaultChecked />
        <Checkbox label="Weekly digest" description="Every Monday." />
        <Checkbox label="Select all" indeterminate />
        <Checkbox label="Push" disabled />
        <Checkbox label="Accept the terms" invalid />
      </fieldset>,
    );
    const report = await expectNoAxeViolations(container);
    expect(report.notChecked).toContain('color-contrast');
    expect(report.passed).toContain('label');
  });
});
