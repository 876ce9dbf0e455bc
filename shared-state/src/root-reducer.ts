import { combineSlices, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi, type ApiEnvironment } from './base-api';
import { cartSlice } from './slices/cart';
import { catalogueSlice } from './slices/catalogue';
import { pageClockSlice } from './slices/page-clock';
import { uiSlice } from './slices/ui';

/** The shop's state: the API cache and the slices beside it (the store, ./store.ts, is built on it). */
export function createRootReducer() {
  return combineSlices(baseApi, cartSlice, uiSlice, catalogueSlice, pageClockSlice);
}

export type RootReducer = ReturnType<typeof createRootReducer>;
export type RootState = ReturnType<RootReducer>;
export type AppDispatch = ThunkDispatch<RootState, ApiEnvironment, UnknownAction>;
