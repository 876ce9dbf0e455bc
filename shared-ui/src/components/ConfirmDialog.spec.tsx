import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmProvider, useConfirm } from './ConfirmProvider';

function DeleteAccount() {
  const confirm = useConfirm();
  const [result, setResult] = useState('idle');
  async function onDelete() {
    const first = await confirm({
      title: 'Delete account',
      message: 'This will delete your account permanently. Continue?',
      danger: true,
    });
    if (!first) return setResult('kept after first');
    const second = await confirm({
      title: 'Delete account',
      message: 'Are you absolutely sure? This cannot be undone.',
      danger: true,
      confirmLabel: 'Delete',
    });
    setResult(second ? 'deleted' : 'kept after second');
  }
  return (
    <>
      <button onClick={onDelete}>Delete Account</button>
      <p>{result}</p>
    </>
  );
}

const setup = () => {
  render(
    <ConfirmProvider>
      <DeleteAccount />
    </ConfirmProvider>,
  );
  return userEvent.setup();
};

describe('useConfirm', () => {
  it('asks twice in sequence and resolves true when both are confirmed', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete account' })).toHaveAccessibleDescription(
      'This will delete your account permanently. Continue?',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const second = await screen.findByRole('alertdialog');
    expect(second).toHaveAccessibleDescription('Are you absolutely sure? This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('deleted')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('resolves false on Cancel and on Escape', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('kept after first')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Are you absolutely sure? This cannot be undone.');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('kept after second')).toBeInTheDocument();
  });
});
