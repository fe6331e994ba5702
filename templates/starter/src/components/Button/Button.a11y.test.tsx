import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, LAYOUT_RULES } from '../../test/axe';
import { Button } from '.';

// The keyboard contract of design/contracts/components/button.contract.json, one test per key, plus its states.
describe('Button', () => {
  it('Enter activates the button', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save changes</Button>);
    screen.getByRole('button', { name: 'Save changes' }).focus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('Space activates the button on key release', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save changes</Button>);
    screen.getByRole('button', { name: 'Save changes' }).focus();
    await user.keyboard('[Space>]');
    expect(onClick).not.toHaveBeenCalled();
    await user.keyboard('[/Space]');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('Tab moves focus to the next focusable element', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Button>Cancel</Button>
        <Button intent="primary">Save changes</Button>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBe(document.activeElement);
  });

  it('states its type, so it never submits a form by accident', () => {
    render(<Button>Cancel</Button>);
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('type')).toBe('button');
  });

  it('disabled: leaves the Tab order and does not act', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <>
        <Button disabled onClick={onClick}>
          Delete project
        </Button>
        <Button>Cancel</Button>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('aria-disabled: stays focusable to explain why, but does not act', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button aria-disabled="true" onClick={onClick}>
        Publish
      </Button>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Publish' })).toBe(document.activeElement);
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('loading: keeps its label, sets aria-busy and does not act', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save changes
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save changes' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    button.focus();
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('passes axe in every intent and state; contrast and target size are not checked on jsdom', async () => {
    const { container } = render(
      <>
        <Button intent="primary">Save changes</Button>
        <Button intent="secondary">Cancel</Button>
        <Button intent="ghost" size="sm">
          Edit
        </Button>
        <Button intent="danger" size="lg">
          Delete project
        </Button>
        <Button disabled>Archive</Button>
        <Button loading>Saving</Button>
        <Button aria-pressed="true">Bold</Button>
      </>,
    );
    const report = await expectNoAxeViolations(container);
    for (const rule of LAYOUT_RULES) expect(report.passed).not.toContain(rule);
    expect(report.notChecked).toContain('color-contrast');
    expect(report.passed).toContain('button-name');
  });
});
