import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Toaster, toast } from 'react-hot-toast';
import { MAX_QUANTITY, MESSAGES, onlyLeftMessage, perOrderLimitMessage } from '@larder/shared-domain';
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

describe('useCartActions', () => {
  it('confirms an addition only when the quantity went up', async () => {
    const { store, cart } = setup({ milk: MAX_QUANTITY - 1 });
    act(() => cart.add('milk'));
    expect(await screen.findByText(MESSAGES.addedToCart)).toBeInTheDocument();
    expect(selectCartQuantity(store.getState(), 'milk')).toBe(MAX_QUANTITY);

    act(() => toast.remove());
    act(() => cart.add('milk'));
    expect(await screen.findByText(MESSAGES.maxQuantityReached)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.addedToCart)).not.toBeInTheDocument();
    expect(selectCartQuantity(store.getState(), 'milk')).toBe(MAX_QUANTITY);
  });

  it("stops at the seller's limit per order and says so", async () => {
    const eggs = { name: 'Free Range Eggs x12', inStock: true, stock: 50, maxPerOrder: 6 };
    const { store, cart } = setup({ eggs: 6 });
    act(() => cart.add('eggs', eggs));
    expect(await screen.findByText(perOrderLimitMessage('Free Range Eggs x12', 6))).toBeInTheDocument();
    expect(selectCartQuantity(store.getState(), 'eggs')).toBe(6);

    // Fewer on the shelf than the limit: the stock is what stops it.
    act(() => toast.remove());
    act(() => cart.add('eggs', { ...eggs, stock: 6, maxPerOrder: 8 }));
    expect(await screen.findByText(onlyLeftMessage('Free Range Eggs x12', 6))).toBeInTheDocument();
  });

  it('says nothing when a quantity is set to what it already was', async () => {
    const { cart } = setup({ milk: 3 });
    act(() => cart.setQuantity('milk', 3));
    act(() => cart.setQuantity('milk', 4));
    expect(await screen.findAllByText(MESSAGES.cartUpdated)).toHaveLength(1);
  });
});
