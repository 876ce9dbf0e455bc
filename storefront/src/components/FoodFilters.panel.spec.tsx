import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import CategoryPage from '../pages/category/CategoryPage';
import { createTestStore, renderPage } from '../../test/page-testing';

const server = setupMockApi();

function setup(path: string) {
  server.seed({
    products: [
      makeProduct({ _id: 'p-oats', name: 'Porridge Oats', category: 'Grains', allergens: ['gluten'] }),
    ],
  });
  renderPage(<CategoryPage />, { store: createTestStore(server), path, route: '/products/:category' });
  return userEvent.setup();
}

const panel = () => screen.getByText('Free from and diet filters').closest('details')!;

describe('the filter panel', () => {
  it('stays open when the last box is unticked', async () => {
    const user = setup('/products/grains');
    await screen.findByRole('link', { name: 'Porridge Oats' });
    expect(panel()).not.toHaveAttribute('open');

    await user.click(screen.getByText('Free from and diet filters'));
    expect(panel()).toHaveAttribute('open');
    await user.click(screen.getByRole('checkbox', { name: 'milk' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/products/grains?freeFrom=milk');
    await user.click(screen.getByRole('checkbox', { name: 'milk' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/products\/grains$/);
    expect(panel()).toHaveAttribute('open');
  });

  it('opens with the filters of the URL shown, and closes when the shopper closes it', async () => {
    const user = setup('/products/grains?diet=vegan');
    expect(panel()).toHaveAttribute('open');
    await user.click(screen.getByText('Free from and diet filters'));
    expect(panel()).not.toHaveAttribute('open');
  });
});
