import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Toaster, toast } from 'react-hot-toast';
import { MESSAGES } from '@larder/shared-domain';
import { cartActions, createStore, selectCartQuantity } from '@larder/shared-state';
import { useCartActions } from './useCartActions';

function setup(cart: Record<string, number>) {
  const store = createStore();
  store.dispatch(cartActions.replace(cart));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      {children}
      <Toaster />
    </Provider>
  );
  const { result } = renderHook(() => useCartActions(), { wrapper });
  return { store, cart: result.current };
}

afterEach(() => {
  act(() => toast.remove());
});

describe('cart notices', () => {
  it('shows one "Added to Cart" however many things are added in a row', async () => {
    const { store, cart } = setup({});
    act(() => {
      cart.add('milk');
      cart.add('bread');
      cart.add('milk');
    });
    expect(await screen.findAllByText(MESSAGES.addedToCart)).toHaveLength(1);
    expect(selectCartQuantity(store.getState(), 'milk')).toBe(2);
    expect(selectCartQuantity(store.getState(), 'bread')).toBe(1);
  });

  it('shows one "Removed from Cart" for several removals', async () => {
    const { cart } = setup({ milk: 3, bread: 1 });
    act(() => {
      cart.decrement('milk');
      cart.remove('bread');
    });
    expect(await screen.findAllByText(MESSAGES.removedFromCart)).toHaveLength(1);
  });
});
