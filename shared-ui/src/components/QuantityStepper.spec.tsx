import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { QuantityStepper } from './QuantityStepper';

function Stepper({ start }: { start: number }) {
  const [quantity, setQuantity] = useState(start);
  return <QuantityStepper value={quantity} onChange={setQuantity} itemLabel="Apples" />;
}

describe('QuantityStepper', () => {
  it('does not go below 1', async () => {
    const user = userEvent.setup();
    render(<Stepper start={2} />);
    const decrease = screen.getByRole('button', { name: 'Decrease quantity of Apples' });
    await user.click(decrease);
    expect(screen.getByRole('group', { name: 'Quantity of Apples' })).toHaveTextContent('1');
    expect(decrease).toBeDisabled();
  });

  it('does not go above 99', async () => {
    const user = userEvent.setup();
    render(<Stepper start={98} />);
    const increase = screen.getByRole('button', { name: 'Increase quantity of Apples' });
    await user.click(increase);
    expect(screen.getByRole('group', { name: 'Quantity of Apples' })).toHaveTextContent('99');
    expect(increase).toBeDisabled();
  });
});
