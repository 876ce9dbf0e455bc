import { createSlice } from '@reduxjs/toolkit';
import { api } from '../api';

export interface CatalogueState {
  /**
   * Whether the product list in the API cache is the whole catalogue. A server-rendered page sends only the
   * products it shows (see dehydrate in store.ts); until the browser has loaded the rest (loadWholeCatalogue),
   * a product's absence from the list means nothing: the cart keeps its lines and a product page waits.
   */
  complete: boolean;
  /** Product ids the server-rendered page found missing from the whole catalogue (see dehydrate). */
  missing: string[];
}

const initialState: CatalogueState = { complete: true, missing: [] };

export const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(api.endpoints.listProducts.matchFulfilled, (state) => {
      state.complete = true;
    });
  },
  selectors: {
    selectCatalogueComplete: (state) => state.complete,
    selectKnownMissing: (state, id: string) => state.missing.includes(id),
    selectKnownMissingProducts: (state) => state.missing,
  },
});

export const { selectCatalogueComplete, selectKnownMissing, selectKnownMissingProducts } =
  catalogueSlice.selectors;

/** Loads the whole catalogue (after a server-rendered page that sent only the products it shows). */
export const loadWholeCatalogue = () =>
  api.endpoints.listProducts.initiate(undefined, { forceRefetch: true, subscribe: false });
