import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectCartItems, type FavouritesResponse, type ProductDto } from '@larder/shared-state';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import FavouritesPage from './FavouritesPage';

const server = setupMockApi();

/** The customer's favourites on the fake server: GET answers them, PUT and DELETE change them. */
function serveFavourites(initial: ProductDto[], catalogue: ProductDto[] = initial) {
  let favourites = [...initial];
  const answer = () => ({ body: { success: true as const, products: favourites } });
  server.on<FavouritesResponse>('GET', '/api/user/favourites', answer);
  server.on<FavouritesResponse>('PUT', '/api/user/favourites/:id', (request) => {
    const id = request.url.split('/').pop()!;
    const product = catalogue.find((p) => p._id === id);
    if (product && !favourites.some((p) => p._id === id)) favourites = [product, ...favourites];
    return answer();
  });
  server.on<FavouritesResponse>('DELETE', '/api/user/favourites/:id', (request) => {
    const id = request.url.split('/').pop()!;
    favourites = favourites.filter((p) => p._id !== id);
    return answer();
  });
}

const jam = makeProduct({ _id: 'p-jam', name: 'Strawberry Jam' });
const eggs = makeProduct({ _id: 'p-eggs', name: 'Free Range Eggs', inStock: false, stock: 0 });
const tea = makeProduct({ _id: 'p-tea', name: 'Breakfast Tea' });

describe('Favourites', () => {
  it('lists the favourites; Add all to basket adds what is in stock and names what is not', async () => {
    server.seed({ products: [jam, eggs, tea] });
    serveFavourites([jam, eggs, tea]);
    const store = createTestStore(server, { user: makeUser(), cart: { 'p-tea': 2 } });
    renderPage(<FavouritesPage />, { store, path: '/favourites', route: '/favourites' });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Strawberry Jam' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Free Range Eggs' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add all to basket' }));

    // What was in the basket already stays as it was.
    expect(selectCartItems(store.getState())).toEqual({ 'p-tea': 2, 'p-jam': 1 });
    expect(
      screen.getByText('1 product added to your basket. Not added, out of stock: Free Range Eggs.'),
    ).toBeInTheDocument();
  });

  it('a heart taken off removes the product from the page', async () => {
    server.seed({ products: [jam, tea] });
    serveFavourites([jam, tea]);
    const store = createTestStore(server, { user: makeUser() });
    renderPage(<FavouritesPage />, { store, path: '/favourites', route: '/favourites' });
    const user = userEvent.setup();

    const heart = await screen.findByRole('button', { name: 'Favourite: Strawberry Jam' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await user.click(heart);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Strawberry Jam' })).toBeNull());
    expect(server.sent('DELETE', '/api/user/favourites/p-jam')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Breakfast Tea' })).toBeInTheDocument();
  });

  it('says how to keep favourites when there are none', async () => {
    serveFavourites([]);
    const store = createTestStore(server, { user: makeUser() });
    renderPage(<FavouritesPage />, { store, path: '/favourites', route: '/favourites' });
    expect(
      await screen.findByText('You have no favourites yet. Tap the heart on a product to keep it here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add all to basket' })).toBeNull();
  });

  it('asks a visitor to sign in', async () => {
    const store = createTestStore(server, { user: null });
    renderPage(<FavouritesPage />, { store, path: '/favourites', route: '/favourites' });
    const main = await screen.findByRole('heading', { name: 'Favourites' });
    expect(within(main.parentElement!).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });
});
