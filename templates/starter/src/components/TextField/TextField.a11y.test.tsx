import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Button } from '../Button';
import { TextField } from '.';

// The keyboard contract of design/contracts/components/text-field.contract.json, plus its states.
describe('TextField', () => {
  it('is named by its visible label', () => {
    render(<TextField label="Project name" placeholder="Q3 roadmap" />);
    expect(screen.getByRole('textbox', { name: 'Project name' })).toBeTruthy();
  });

  it('Tab moves focus into the field; Shift+Tab moves back out', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Button>Before</Button>
        <TextField label="Project name" />
      </>,
    );
    await user.tab();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Project name' })).toBe(document.activeElement);
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Before' })).toBe(document.activeElement);
  });

  it('Enter submits the enclosing form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <TextField label="Project name" />
        <Button type="submit">Create project</Button>
      </form>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Project name' }), 'Q3 roadmap{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('the hint is its accessible description', () => {
    render(<TextField label="Project name" hint="Shown to everyone in your workspace." />);
    const id = screen.getByRole('textbox', { name: 'Project name' }).getAttribute('aria-describedby');
    expect(document.getElementById(id ?? '')?.textContent).toBe('Shown to everyone in your workspace.');
  });

  it('invalid: aria-invalid, and the error replaces the hint in aria-describedby', () => {
    render(<TextField label="Project name" hint="Shown to everyone." error="Enter a name of 3 to 40 characters." />);
    const field = screen.getByRole('textbox', { name: 'Project name' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(['Enter a name of 3 to 40 characters.']);
    expect(screen.queryByText('Shown to everyone.')).toBeNull();
  });

  it('disabled: leaves the Tab order', async () => {
    const user = userEvent.setup();
    render(<TextField label="Project name" disabled />);
    await user.tab();
    expect(document.activeElement).toBe(document.body);
  });

  it('read-only: focusable, but typing does not change it', async () => {
    const user = userEvent.setup();
    render(<TextField label="Project id" readOnly defaultValue="prj_42" />);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Project id' });
    await user.tab();
    expect(field).toBe(document.activeElement);
    await user.keyboard('x');
    expect(field.value).toBe('prj_42');
  });

  it('required: exposed to assistive technology', () => {
    render(<TextField label="Project name" required />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Project name' }).required).toBe(true);
  });

  it('passes axe in every state', async () => {
    const { container } = render(
      <form>
        <TextField label="Project name" hint="Shown to everyone." />
        <TextField label="Owner" size="sm" error="Choose an owner." />
        <TextField label="Project id" readOnly defaultValue="prj_42" />
        <TextField label="Workspace" disabled />
      </form>,
    );
    const report = await expectNoAxeViolations(container);
    expect(report.notChecked).toContain('color-contrast');
    expect(report.passed).toContain('label');
  });
});
