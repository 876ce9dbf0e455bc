import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MAX_QUANTITY, MIN_QUANTITY, type CartItems } from '@larder/shared-domain';

export interface CartState {
  /** Product id to quantity (1..99). */
  items: CartItems;
  /**
   * Products whose line refuses substitutes (substitutes are allowed by default). Kept on this device only:
   * the server's cart copy holds quantities.
   */
  noSubstitutes?: Record<string, true>;
}

const NONE_REFUSED: Record<string, true> = {};

const initialState: CartState = { items: {} };

function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
}

/** Keeps only whole quantities within 1..99 (a server copy may hold anything). */
function sanitise(items: Record<string, unknown>): CartItems {
  const clean: CartItems = {};
  for (const [id, quantity] of Object.entries(items)) {
    if (typeof quantity === 'number' && Number.isFinite(quantity) && quantity >= MIN_QUANTITY) {
      clean[id] = clampQuantity(quantity);
    }
  }
  return clean;
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** One more of a product (a new line starts at 1; a line stops at 99). */
    add(state, action: PayloadAction<string>) {
      const id = action.payload;
      state.items[id] = clampQuantity((state.items[id] ?? 0) + 1);
    },
    /** One fewer; the line goes at zero. */
    decrement(state, action: PayloadAction<string>) {
      const id = action.payload;
      const quantity = state.items[id];
      if (quantity === undefined) return;
      if (quantity <= MIN_QUANTITY) delete state.items[id];
      else state.items[id] = quantity - 1;
    },
    /** Removes the whole line. */
    remove(state, action: PayloadAction<string>) {
      delete state.items[action.payload];
      if (state.noSubstitutes) delete state.noSubstitutes[action.payload];
    },
    /** Whether the shopper accepts a substitute for a line's product when it is short. */
    setAllowSubstitutes(state, action: PayloadAction<{ id: string; allow: boolean }>) {
      const { id, allow } = action.payload;
      const refused = (state.noSubstitutes ??= {});
      if (allow) delete refused[id];
      else refused[id] = true;
    },
    /** Allows (or refuses) substitutes for every line of the cart at once. */
    setAllowAllSubstitutes(state, action: PayloadAction<boolean>) {
      if (action.payload) delete state.noSubstitutes;
      else
        state.noSubstitutes = Object.fromEntries(Object.keys(state.items).map((id) => [id, true as const]));
    },
    /** Sets a line's quantity, held within 1..99; ignored when not a number. */
    setQuantity(state, action: PayloadAction<{ id: string; quantity: number }>) {
      const { id, quantity } = action.payload;
      if (!Number.isFinite(quantity)) return;
      state.items[id] = clampQuantity(quantity);
    },
    /** Empties the cart (and, for a signed-in customer, the server's copy through the sync). */
    clear(state) {
      state.items = {};
      delete state.noSubstitutes;
    },
    /** Takes the server's copy (after sign-in); not synced back. */
    replace(state, action: PayloadAction<Record<string, unknown>>) {
      state.items = sanitise(action.payload);
    },
    /**
     * Takes back the cart this tab changed and the server never acknowledged (unsent-cart.ts); unlike `replace`,
     * it is posted to the server again.
     */
    restoreUnsent(state, action: PayloadAction<Record<string, unknown>>) {
      state.items = sanitise(action.payload);
    },
    /** Forgets the cart locally (after sign-out or a placed order); not synced. */
    reset(state) {
      state.items = {};
      delete state.noSubstitutes;
    },
    /** Drops the lines whose product is not in the given list (deleted or out of stock). */
    prune(state, action: PayloadAction<readonly string[]>) {
      const available = new Set(action.payload);
      for (const id of Object.keys(state.items)) {
        if (!available.has(id)) {
          delete state.items[id];
          if (state.noSubstitutes) delete state.noSubstitutes[id];
        }
      }
    },
    /** Lowers lines above the most their product allows in one order (product id to its maxPerOrder). */
    cap(state, action: PayloadAction<Record<string, number>>) {
      for (const [id, max] of Object.entries(action.payload)) {
        const quantity = state.items[id];
        if (quantity !== undefined && max >= MIN_QUANTITY && quantity > max)
          state.items[id] = Math.trunc(max);
      }
    },
  },
  selectors: {
    selectCartItems: (state) => state.items,
    /** Number of units in the cart (what the navbar badge shows). */
    selectCartCount: (state) => Object.values(state.items).reduce((sum, quantity) => sum + quantity, 0),
    /** Number of distinct products in the cart. */
    selectCartLineCount: (state) => Object.keys(state.items).length,
    selectCartQuantity: (state, id: string) => state.items[id] ?? 0,
    /** Products whose line refuses substitutes. */
    selectNoSubstitutes: (state) => state.noSubstitutes ?? NONE_REFUSED,
  },
});

export const cartActions = cartSlice.actions;
export const {
  add: addToCart,
  decrement: decrementInCart,
  remove: removeFromCart,
  setQuantity: setCartQuantity,
  clear: clearCart,
  replace: replaceCart,
  reset: resetCart,
  prune: pruneCart,
  cap: capCart,
  setAllowSubstitutes,
  setAllowAllSubstitutes,
} = cartSlice.actions;
export const {
  selectCartItems,
  selectCartCount,
  selectCartLineCount,
  selectCartQuantity,
  selectNoSubstitutes,
} = cartSlice.selectors;
