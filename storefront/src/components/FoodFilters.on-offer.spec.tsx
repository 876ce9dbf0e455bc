import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductDto } from '@larder/shared-state';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import CategoryPage from '../pages/category/CategoryPage';
import { createTestStore, renderPage } from '../../test/page-testing';

const server = setupMockApi();

const grain = (id: string, name: string, overrides: Partial<ProductDto> = {}): ProductDto =>
  makeProduct({ _id: id, name, category: 'Grains', ...overrides });

const rice = grain('p-rice', 'Basmati Rice', {
  promotion: {
    _id: 'promo-1',
    kind: 'multibuy',
    label: '3 for £5',
    endsAt: '2026-12-01T00:00:00+00:00',
    unitPrice: null,
    price: null,
    was: null,
  },
});
const oats = grain('p-oats', 'Porridge Oats');

function setup(path: string) {
  server.seed({ products: [rice, oats] });
  renderPage(<CategoryPage />, { store: createTestStore(server), path, route: '/products/:category' });
  return userEvent.setup();
}

const listed = () =>
  screen
    .queryAllByTestId('product-card')
    .map((card) => within(card).getByRole('heading').textContent)
    .sort();

describe('On offer on a category page', () => {
  it('keeps only the products in a promotion running now, from the URL', async () => {
    setup('/products/grains?onOffer=1');
    await screen.findByRole('link', { name: 'Basmati Rice' });
    expect(listed()).toEqual(['Basmati Rice']);
    expect(screen.getByRole('checkbox', { name: 'On offer' })).toBeChecked();
  });

  it('applies the tick at once', async () => {
    const user = setup('/products/grains');
    await screen.findByRole('link', { name: 'Porridge Oats' });
    expect(listed()).toEqual(['Basmati Rice', 'Porridge Oats']);
    await user.click(screen.getByText('Free from and diet filters'));
    await user.click(screen.getByRole('checkbox', { name: 'On offer' }));
    await waitFor(() => expect(listed()).toEqual(['Basmati Rice']));
  });
});
