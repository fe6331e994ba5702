import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { Dialog } from '.';

/** A page with the button that opens an archive confirmation. */
function Page({ withField = false }: { withField?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Archive project</Button>
      <a href="/help">Help</a>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Archive this project?"
        description="Archived projects become read-only."
        actions={
          <>
            <Button onClick={() => setOpen(false)}>Keep project</Button>
            <Button intent="danger">Archive</Button>
          </>
        }
      >
        {withField ? <TextField label="Reason" /> : null}
      </Dialog>
    </>
  );
}

async function openDialog(props: { withField?: boolean } = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  await user.click(screen.getByRole('button', { name: 'Archive project' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Archive this project?' }) };
}

// The keyboard contract of design/contracts/components/dialog.contract.json, plus its open/closed states.
describe('Dialog', () => {
  it('open: a modal named by its title and described by its paragraph', async () => {
    const { dialog } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const described = dialog.getAttribute('aria-describedby');
    expect(document.getElementById(described ?? '')?.textContent).toBe('Archived projects become read-only.');
  });

  it('closed: renders nothing', () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('on open, focus moves to the least destructive control', async () => {
    await openDialog();
    expect(screen.getByRole('button', { name: 'Keep project' })).toBe(document.activeElement);
  });

  it('on open, focus moves to the first field when there is one', async () => {
    await openDialog({ withField: true });
    expect(screen.getByRole('textbox', { name: 'Reason' })).toBe(document.activeElement);
  });

  it('Escape closes the dialog and returns focus to the control that opened it', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Archive project' })).toBe(document.activeElement);
  });

  it('Tab moves focus to the next element inside the dialog, wrapping from the last to the first', async () => {
    const { user } = await openDialog();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Archive' })).toBe(document.activeElement);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBe(document.activeElement);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Keep project' })).toBe(document.activeElement);
  });

  it('Shift+Tab moves focus backwards inside the dialog, wrapping from the first to the last', async () => {
    const { user } = await openDialog();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBe(document.activeElement);
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Archive' })).toBe(document.activeElement);
  });

  it('the close button closes it and returns focus', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Archive project' })).toBe(document.activeElement);
  });

  it('the page behind is inert while it is open, and not after', async () => {
    const { user } = await openDialog();
    const page = screen.getByRole('link', { name: 'Help' }).closest('body > *');
    expect(page?.hasAttribute('inert')).toBe(true);
    await user.keyboard('{Escape}');
    expect(page?.hasAttribute('inert')).toBe(false);
  });

  it('passes axe while open', async () => {
    await openDialog({ withField: true });
    const report = await expectNoAxeViolations(document.body);
    expect(report.notChecked).toContain('color-contrast');
    expect(report.passed).toEqual(expect.arrayContaining(['aria-valid-attr-value', 'button-name', 'label']));
  });
});
