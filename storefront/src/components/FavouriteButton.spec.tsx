import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUser, type FavouritesResponse } from '@larder/shared-state';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../test/page-testing';
import { FavouriteButton } from './FavouriteButton';

const server = setupMockApi();
const jam = makeProduct({ _id: 'p-jam', name: 'Strawberry Jam' });

function serveFavourites() {
  let kept: (typeof jam)[] = [];
  server.on<FavouritesResponse>('GET', '/api/user/favourites', () => ({
    body: { success: true, products: kept },
  }));
  server.on<FavouritesResponse>('PUT', '/api/user/favourites/:id', () => {
    kept = [jam];
    return { body: { success: true, products: kept } };
  });
}

afterEach(() => window.sessionStorage.clear());

describe('the favourite heart', () => {
  it("a signed-in customer's tap keeps the product", async () => {
    serveFavourites();
    const store = createTestStore(server, { user: makeUser() });
    renderPage(<FavouriteButton product={jam} />, { store, path: '/', route: '/' });
    const heart = await screen.findByRole('button', { name: 'Favourite: Strawberry Jam' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(server.sent('PUT', '/api/user/favourites/p-jam')).toHaveLength(1);
  });

  it("a visitor's tap opens the sign-in, and the heart is kept once they have signed in", async () => {
    serveFavourites();
    const store = createTestStore(server, { user: null });
    renderPage(<FavouriteButton product={jam} />, { store, path: '/', route: '/' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Favourite: Strawberry Jam' }));
    expect(await screen.findByText(/not signed in/i)).toBeInTheDocument();
    expect(server.sent('PUT', '/api/user/favourites/p-jam')).toHaveLength(0);

    server.seed({ user: makeUser() });
    act(() => {
      store.dispatch(setUser(makeUser()));
    });
    await waitFor(() => expect(server.sent('PUT', '/api/user/favourites/p-jam')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favourite: Strawberry Jam' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
  });
});
