import { createStore } from '../store';
import {
  cartActions,
  selectCartCount,
  selectCartItems,
  selectCartLineCount,
  selectCartQuantity,
  selectNoSubstitutes,
} from './cart';

describe('cart slice', () => {
  it('adds, decrements and removes lines and counts units', () => {
    const store = createStore();
    store.dispatch(cartActions.add('apple'));
    store.dispatch(cartActions.add('apple'));
    store.dispatch(cartActions.add('bread'));
    expect(selectCartItems(store.getState())).toEqual({ apple: 2, bread: 1 });
    expect(selectCartCount(store.getState())).toBe(3);
    expect(selectCartLineCount(store.getState())).toBe(2);

    store.dispatch(cartActions.decrement('apple'));
    store.dispatch(cartActions.decrement('bread'));
    expect(selectCartItems(store.getState())).toEqual({ apple: 1 });

    store.dispatch(cartActions.remove('apple'));
    expect(selectCartItems(store.getState())).toEqual({});
    expect(selectCartCount(store.getState())).toBe(0);
  });

  it('keeps quantities within 1..99', () => {
    const store = createStore();
    store.dispatch(cartActions.setQuantity({ id: 'milk', quantity: 150 }));
    expect(selectCartQuantity(store.getState(), 'milk')).toBe(99);
    store.dispatch(cartActions.add('milk'));
    expect(selectCartQuantity(store.getState(), 'milk')).toBe(99);
    store.dispatch(cartActions.setQuantity({ id: 'milk', quantity: 0 }));
    expect(selectCartQuantity(store.getState(), 'milk')).toBe(1);
    store.dispatch(cartActions.setQuantity({ id: 'milk', quantity: Number.NaN }));
    expect(selectCartQuantity(store.getState(), 'milk')).toBe(1);
    store.dispatch(cartActions.setQuantity({ id: 'milk', quantity: 3.7 }));
    expect(selectCartQuantity(store.getState(), 'milk')).toBe(3);
  });

  it('replaces from a server copy, dropping nonsense quantities', () => {
    const store = createStore();
    store.dispatch(cartActions.add('old'));
    store.dispatch(cartActions.replace({ a: 2, b: 0, c: 'x', d: 500 }));
    expect(selectCartItems(store.getState())).toEqual({ a: 2, d: 99 });
    store.dispatch(cartActions.clear());
    expect(selectCartItems(store.getState())).toEqual({});
  });

  it('prunes lines whose product is unavailable', () => {
    const store = createStore();
    store.dispatch(cartActions.replace({ a: 1, b: 2, c: 3 }));
    store.dispatch(cartActions.prune(['a', 'c', 'z']));
    expect(selectCartItems(store.getState())).toEqual({ a: 1, c: 3 });
  });

  it("lowers lines above their product's limit per order, leaving the others", () => {
    const store = createStore();
    store.dispatch(cartActions.replace({ a: 8, b: 2, c: 3 }));
    store.dispatch(cartActions.cap({ a: 6, b: 6, z: 1 }));
    expect(selectCartItems(store.getState())).toEqual({ a: 6, b: 2, c: 3 });
  });

  it('allows substitutes by default and remembers the lines that refuse them', () => {
    const store = createStore();
    store.dispatch(cartActions.replace({ a: 1, b: 2, c: 3 }));
    expect(selectNoSubstitutes(store.getState())).toEqual({});

    store.dispatch(cartActions.setAllowSubstitutes({ id: 'b', allow: false }));
    expect(selectNoSubstitutes(store.getState())).toEqual({ b: true });
    store.dispatch(cartActions.setAllowAllSubstitutes(false));
    expect(selectNoSubstitutes(store.getState())).toEqual({ a: true, b: true, c: true });
    store.dispatch(cartActions.setAllowSubstitutes({ id: 'a', allow: true }));
    store.dispatch(cartActions.remove('c'));
    store.dispatch(cartActions.prune(['a']));
    expect(selectNoSubstitutes(store.getState())).toEqual({});
    store.dispatch(cartActions.setAllowAllSubstitutes(false));
    store.dispatch(cartActions.setAllowAllSubstitutes(true));
    expect(selectNoSubstitutes(store.getState())).toEqual({});
  });
});
