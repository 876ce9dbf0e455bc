import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { Toaster, toast } from 'react-hot-toast';
import { AGE_RESTRICTED_NOTE, MESSAGES } from '@larder/shared-domain';
import {
  api,
  closeLogin,
  selectCartItems,
  selectLoginMode,
  selectShowUserLogin,
  setUser,
} from '@larder/shared-state';
import { makeUser, setupMockApi, makeProduct } from '@larder/shared-state/testing';
import { ProductCard } from './ProductCard';
import { SignInPromptProvider } from './RequireSignIn';
import type { Product } from './useProducts';

const APPLES: Product = makeProduct({
  _id: 'p-apples',
  name: 'Pink Lady Apples x4',
  category: 'Fruits',
  description: ['Crisp'],
  price: 2.5,
  offerPrice: 2.2,
  vat: 0,
  image: ['/uploads/products/apples.webp'],
  inStock: true,
  stock: null,
  ingredients: '',
  allergens: [],
});

const server = setupMockApi();

function setup({ signedIn, product = APPLES }: { signedIn: boolean; product?: Product }) {
  // The cart sync posts to the fake API, which these tests do not look at.
  const store = server.createStore();
  if (signedIn) {
    server.seed({ user: makeUser({ _id: 'u1' }) });
    store.dispatch(setUser(makeUser({ _id: 'u1' })));
  }
  render(
    <Provider store={store}>
      <MemoryRouter>
        <SignInPromptProvider>
          <ProductCard product={product} />
        </SignInPromptProvider>
      </MemoryRouter>
      <Toaster />
    </Provider>,
  );
  return { store, user: userEvent.setup() };
}

afterEach(() => {
  act(() => toast.remove());
});

describe('ProductCard', () => {
  it('shows the price with VAT, the RRP with VAT struck through, and the unit price of the price with VAT', () => {
    setup({
      signedIn: false,
      product: makeProduct({
        ...APPLES,
        name: 'Rioja 75cl',
        category: 'Drinks',
        price: 7.5,
        offerPrice: 6.25,
        vat: 20,
        netQuantity: 750,
        unit: 'ml',
        unitPrice: undefined,
      }),
    });
    const card = screen.getByTestId('product-card');
    expect(card).toHaveTextContent('Offer price £7.50');
    // The struck-through price is a recommended price ("RRP") unless the shop sold at it for 28 days ("Was").
    expect(card.querySelector('del')).toHaveTextContent('£9.00');
    expect(card).toHaveTextContent('RRP £9.00');
    expect(card).not.toHaveTextContent('£6.25');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('£10.00/litre');
  });

  it('during a reduction shows the reduced price, what it was sold at struck through as "Was", and the unit price at the reduced price', () => {
    setup({
      signedIn: false,
      product: makeProduct({
        ...APPLES,
        netQuantity: 500,
        unit: 'g',
        price: 2.5,
        offerPrice: 2.5,
        unitPrice: { amount: 5, per: 'kg' },
        promotion: {
          _id: 'promo-1',
          kind: 'reduction',
          label: 'Was £2.50, now £1.80',
          endsAt: '2026-12-01T00:00:00+00:00',
          unitPrice: { amount: 3.6, per: 'kg' },
          price: 1.8,
          was: 2.5,
        },
      }),
    });
    const card = screen.getByTestId('product-card');
    expect(card).toHaveTextContent('Offer price £1.80');
    expect(card.querySelector('del')).toHaveTextContent('£2.50');
    expect(card).toHaveTextContent('Was £2.50');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('£3.60/kg');
    expect(screen.getByTestId('promotion')).toHaveTextContent('Was £2.50, now £1.80');
    // Its unit price is shown once, with the price.
    expect(screen.queryByTestId('promotion-unit-price')).not.toBeInTheDocument();
  });

  it('shows the unit price beside the price, and the 18+ note only on age-restricted products', () => {
    setup({
      signedIn: false,
      product: makeProduct({ ...APPLES, netQuantity: 500, unit: 'g', offerPrice: 1.4, unitPrice: undefined }),
    });
    expect(screen.getByTestId('unit-price')).toHaveTextContent('£2.80/kg');
    expect(screen.queryByText(AGE_RESTRICTED_NOTE)).not.toBeInTheDocument();
  });

  it('shows "18+ — ID may be requested on delivery" on an age-restricted product', () => {
    setup({
      signedIn: false,
      product: makeProduct({
        ...APPLES,
        category: 'Drinks',
        netQuantity: 750,
        unit: 'ml',
        offerPrice: 7.5,
        ageRestricted: true,
        unitPrice: undefined,
      }),
    });
    expect(screen.getByText('18+ — ID may be requested on delivery')).toBeInTheDocument();
    expect(screen.getByTestId('unit-price')).toHaveTextContent('£10.00/litre');
  });

  it('shows the product with its prices in pounds and links to its page', () => {
    setup({ signedIn: false });
    expect(screen.getByRole('link', { name: APPLES.name })).toHaveAttribute(
      'href',
      '/products/fruits/p-apples',
    );
    expect(screen.getByText('Fresh Fruits')).toBeInTheDocument();
    expect(screen.getByText('£2.20')).toBeInTheDocument();
    expect(screen.getByText('£2.50')).toBeInTheDocument();
  });

  it('asks a visitor to sign up instead of adding to the cart', async () => {
    const { store, user } = setup({ signedIn: false });
    await user.click(screen.getByRole('button', { name: `Add ${APPLES.name} to cart` }));
    const prompt = await screen.findByRole('alertdialog', { name: MESSAGES.notSignedIn });
    expect(selectCartItems(store.getState())).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(prompt).not.toBeInTheDocument();
    expect(selectShowUserLogin(store.getState())).toBe(true);
    expect(selectLoginMode(store.getState())).toBe('signup');
  });

  it('adds the product once the visitor has signed in from the prompt it opened, beside their saved basket', async () => {
    const { store, user } = setup({ signedIn: false });
    await user.click(screen.getByRole('button', { name: `Add ${APPLES.name} to cart` }));
    await screen.findByRole('alertdialog', { name: MESSAGES.notSignedIn });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(selectCartItems(store.getState())).toEqual({});

    // They sign in (Google's answer for an account whose basket already holds bread); the modal closes.
    server.seed({ googleAccount: makeUser({ _id: 'u1', cartItems: { 'p-bread': 1 } }) });
    await act(async () => {
      await store.dispatch(
        api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 'dev-token:a@b.c' } }),
      );
      store.dispatch(closeLogin());
    });
    expect(await screen.findByText(MESSAGES.addedToCart)).toBeInTheDocument();
    expect(selectCartItems(store.getState())).toEqual({ 'p-bread': 1, 'p-apples': 1 });
  });

  it('adds nothing after signing in when the visitor cancelled the prompt', async () => {
    const { store, user } = setup({ signedIn: false });
    await user.click(screen.getByRole('button', { name: `Add ${APPLES.name} to cart` }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    server.seed({ googleAccount: makeUser({ _id: 'u1', cartItems: {} }) });
    await act(async () => {
      await store.dispatch(
        api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 'dev-token:a@b.c' } }),
      );
    });
    await waitFor(() => expect(store.getState().api.queries['userIsAuth(undefined)']?.data).toBeDefined());
    expect(selectCartItems(store.getState())).toEqual({});
    expect(screen.queryByText(MESSAGES.addedToCart)).not.toBeInTheDocument();
  });

  it('adds nothing when the visitor closes the login without signing in and signs in later', async () => {
    const { store, user } = setup({ signedIn: false });
    await user.click(screen.getByRole('button', { name: `Add ${APPLES.name} to cart` }));
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    act(() => {
      store.dispatch(closeLogin());
    });

    server.seed({ googleAccount: makeUser({ _id: 'u1', cartItems: {} }) });
    await act(async () => {
      await store.dispatch(
        api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 'dev-token:a@b.c' } }),
      );
    });
    await waitFor(() => expect(store.getState().api.queries['userIsAuth(undefined)']?.data).toBeDefined());
    expect(selectCartItems(store.getState())).toEqual({});
  });

  it('adds, counts and removes with the spec toasts for a signed-in customer', async () => {
    const { store, user } = setup({ signedIn: true });
    await user.click(screen.getByRole('button', { name: `Add ${APPLES.name} to cart` }));
    expect(await screen.findByText(MESSAGES.addedToCart)).toBeInTheDocument();
    expect(selectCartItems(store.getState())).toEqual({ 'p-apples': 1 });

    await user.click(screen.getByRole('button', { name: `Increase quantity of ${APPLES.name}` }));
    expect(selectCartItems(store.getState())).toEqual({ 'p-apples': 2 });

    await user.click(screen.getByRole('button', { name: `Decrease quantity of ${APPLES.name}` }));
    await user.click(screen.getByRole('button', { name: `Decrease quantity of ${APPLES.name}` }));
    // The second notice replaces the first.
    expect(await screen.findAllByText(MESSAGES.removedFromCart)).toHaveLength(1);
    expect(selectCartItems(store.getState())).toEqual({});
    expect(screen.getByRole('button', { name: `Add ${APPLES.name} to cart` })).toBeInTheDocument();
  });
});

describe('ProductCard with a counted stock', () => {
  it('says "Only 2 left" and stops the stepper at the stock', async () => {
    const { store, user } = setup({ signedIn: true, product: { ...APPLES, stock: 2 } });
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Add ${APPLES.name} to cart` }));
    const more = screen.getByRole('button', { name: `Increase quantity of ${APPLES.name}` });
    await user.click(more);
    expect(selectCartItems(store.getState())).toEqual({ 'p-apples': 2 });
    expect(more).toBeDisabled();
  });

  it('says nothing about stock above 5 and lets the stepper go on', async () => {
    const { store, user } = setup({ signedIn: true, product: { ...APPLES, stock: 6 } });
    expect(screen.queryByText(/Only \d+ left/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Add ${APPLES.name} to cart` }));
    await user.click(screen.getByRole('button', { name: `Increase quantity of ${APPLES.name}` }));
    await user.click(screen.getByRole('button', { name: `Increase quantity of ${APPLES.name}` }));
    expect(selectCartItems(store.getState())).toEqual({ 'p-apples': 3 });
  });
});
