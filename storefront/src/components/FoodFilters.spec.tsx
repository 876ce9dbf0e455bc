import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@larder/shared-domain';
import type { ProductDto } from '@larder/shared-state';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import CategoryPage from '../pages/category/CategoryPage';
import { createTestStore, renderPage } from '../../test/page-testing';

const server = setupMockApi();

const grain = (id: string, name: string, overrides: Partial<ProductDto>): ProductDto =>
  makeProduct({ _id: id, name, category: 'Grains', ...overrides });

const oats = grain('p-oats', 'Porridge Oats', { allergens: ['gluten'], dietary: ['vegetarian', 'vegan'] });
const rice = grain('p-rice', 'Basmati Rice', { allergens: [], dietary: ['vegetarian', 'vegan'] });
const pudding = grain('p-pudding', 'Rice Pudding', { allergens: ['milk'], dietary: ['vegetarian'] });
// Vegan, but its allergens were never confirmed: never shown as free from anything.
const mystery = grain('p-mystery', 'Mystery Grain', { allergensConfirmed: false, dietary: ['vegan'] });

function setup(path: string, products = [oats, rice, pudding, mystery]) {
  server.seed({ products });
  const store = createTestStore(server);
  renderPage(<CategoryPage />, { store, path, route: '/products/:category' });
  return userEvent.setup();
}

const listed = () =>
  screen
    .queryAllByTestId('product-card')
    .map((card) => within(card).getByRole('heading').textContent)
    .sort();

describe('free-from and diet filters on a category page', () => {
  it('filters by the URL, and the form shows what is applied', async () => {
    setup('/products/grains?freeFrom=milk,gluten');
    await screen.findByRole('link', { name: 'Basmati Rice' });
    expect(listed()).toEqual(['Basmati Rice']);
    expect(screen.getByRole('checkbox', { name: 'milk' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'gluten' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'eggs' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Any' })).toBeChecked();
  });

  it('is a GET form to the same page, and applies each tick at once once the page is live', async () => {
    const user = setup('/products/grains');
    await screen.findByRole('link', { name: 'Rice Pudding' });
    expect(listed()).toEqual(['Basmati Rice', 'Mystery Grain', 'Porridge Oats', 'Rice Pudding']);
    const form = screen.getByRole('form', { name: 'Filter products' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/products/grains');
    // the submit button is for pages without JavaScript
    expect(within(form).queryByRole('button', { name: 'Apply filters' })).not.toBeInTheDocument();

    await user.click(screen.getByText('Free from and diet filters'));
    await user.click(screen.getByRole('radio', { name: 'Vegan' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/products/grains?diet=vegan');
    expect(listed()).toEqual(['Basmati Rice', 'Mystery Grain', 'Porridge Oats']);

    await user.click(screen.getByRole('checkbox', { name: 'gluten' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent(
      '/products/grains?freeFrom=gluten&diet=vegan',
    );
    expect(listed()).toEqual(['Basmati Rice']);

    await user.click(screen.getByRole('radio', { name: 'Vegetarian' }));
    await user.click(screen.getByRole('checkbox', { name: 'gluten' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/products/grains?diet=vegetarian');
    expect(listed()).toEqual(['Basmati Rice', 'Mystery Grain', 'Porridge Oats', 'Rice Pudding']);
  });

  it('reads the boxes a plain form sends, and says so when nothing matches', async () => {
    setup('/products/grains?freeFrom=gluten&freeFrom=milk&diet=vegan', [oats, pudding, mystery]);
    expect(await screen.findByText(MESSAGES.noProductsMatchFilters)).toBeInTheDocument();
    expect(listed()).toEqual([]);
    expect(screen.getByText(/no gluten, no milk, Vegan/)).toBeInTheDocument();
  });
});
