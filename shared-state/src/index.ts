export * from './generated/api';
export { api, productFormData, useAddProductMutation, useUpdateProductMutation } from './api';
export type {
  AddProductInput,
  AddProductResult,
  NewProductData,
  UpdateProductInput,
  UpdateProductResult,
} from './api';
export { baseApi, createBaseQuery, hydrateApi, TAG_TYPES } from './base-api';
export type { ApiEnvironment, DehydratedApiState, TagType } from './base-api';
export * from './slices/session';
export * from './slices/cart';
export * from './slices/ui';
export * from './slices/catalogue';
export * from './slices/page-clock';
export { createStore, dehydrate } from './store';
export { restoreUnsentCart } from './cart-sync';
export { UNSENT_CART_KEY } from './unsent-cart';
export type {
  AppDispatch,
  AppStore,
  CreateStoreOptions,
  DehydrateOptions,
  RootReducer,
  RootState,
  ServerRenderedState,
} from './store';
export { useAppDispatch, useAppSelector, useAppStore } from './hooks';
export { skipToken } from '@reduxjs/toolkit/query';
export * from './messages';
export { loadToasts, onToastsWanted, toast } from './toasts';
export { useApiUrl } from './api-url';
export { applyOrderEvent, ORDER_EVENTS_POLL_MS, ORDER_EVENTS_REOPEN_MS, useLiveOrders } from './order-events';
export type { EventSourceLike, LiveOrders, OrderEventAudience, OrderEventData } from './order-events';
