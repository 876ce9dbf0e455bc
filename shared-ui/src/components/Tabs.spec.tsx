import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from './Tabs';

function Profile() {
  const [tab, setTab] = useState<'account' | 'payment' | 'delete'>('account');
  return (
    <Tabs
      label="Profile sections"
      value={tab}
      onChange={setTab}
      tabs={[
        { id: 'account', label: 'Account Settings', content: <p>Account panel</p> },
        { id: 'payment', label: 'Payment Settings', content: <p>Payment panel</p> },
        { id: 'delete', label: 'Delete Account', content: <p>Delete panel</p> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('keeps one tab in the tab order and moves with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<Profile />);
    const account = screen.getByRole('tab', { name: 'Account Settings' });
    expect(account).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Account Settings' })).toHaveTextContent('Account panel');
    expect(screen.getByRole('tab', { name: 'Payment Settings' })).toHaveAttribute('tabindex', '-1');

    await user.tab();
    expect(account).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const payment = screen.getByRole('tab', { name: 'Payment Settings' });
    expect(payment).toHaveFocus();
    expect(payment).toHaveAttribute('aria-selected', 'true');
    expect(payment).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Payment panel');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Delete Account' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(account).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Delete panel');
  });
});
