import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** What the store passes to every request (see createStore): where the API lives and how to fetch. */
export interface ApiEnvironment {
  baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;
  /** Prefix of every API URL ('' for the same origin), for what is not fetched (the order event stream). */
  apiBaseUrl?: string;
}

/** Query parameters that are all left out leave no bare "?" on the URL (`/api/contact`, not `/api/contact?`). */
function withoutEmptyParams(args: string | FetchArgs): string | FetchArgs {
  if (typeof args === 'string' || !args.params) return args;
  if (Object.values(args.params).some((value) => value !== undefined)) return args;
  return { ...args, params: undefined };
}

/**
 * An answer's JSON (null for an empty body), as RTK Query's own 'json' handler reads it, with its outer object
 * frozen. Immer then takes the answer as already frozen: it neither walks every product of a list looking for
 * drafts when the answer is stored (the server render's store, which does not freeze) nor freezes it deeply (the
 * browser's). Answers are never changed in place: the cache changes them through drafts, which copy.
 */
export async function frozenJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text.length ? Object.freeze(JSON.parse(text)) : null;
}

/** Same-origin requests with the session cookies; the default outside a store with its own environment. */
export function createBaseQuery(
  options: { baseUrl?: string; fetchFn?: typeof fetch } = {},
): ApiEnvironment['baseQuery'] {
  // Built on first use, so a store can be created where fetch arrives later (tests, server rendering).
  let query: ApiEnvironment['baseQuery'] | undefined;
  return (args, api, extraOptions) => {
    query ??= fetchBaseQuery({
      baseUrl: options.baseUrl ?? '',
      credentials: 'include',
      fetchFn: options.fetchFn,
      responseHandler: frozenJson,
    });
    return query(withoutEmptyParams(args), api, extraOptions);
  };
}

const defaultBaseQuery = createBaseQuery();

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (
  args,
  api,
  extraOptions,
) => {
  const environment = api.extra as Partial<ApiEnvironment> | undefined;
  return (environment?.baseQuery ?? defaultBaseQuery)(args, api, extraOptions);
};

export const TAG_TYPES = [
  'Products',
  'Session',
  'User',
  'Orders',
  'Shipping',
  'Seller',
  'ContactMessages',
  'Newsletter',
  'DeliverySlots',
  'DeliverySettings',
  'OrderSettings',
  'DeliveryArea',
  'SellerSummary',
  'TwoFactor',
  'Favourites',
  'Usuals',
  'StandingOrders',
  'Staff',
  'Activity',
  'CashUp',
  'Business',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** The API answers of a server-rendered page: finished queries and the cache tags they provide. */
export interface DehydratedApiState {
  queries: Record<string, unknown>;
  mutations: Record<string, never>;
  provided: { tags: Record<string, unknown>; keys: Record<string, unknown> };
}

/** Puts a server-rendered page's API answers into the cache, as if they had been fetched here. */
export const hydrateApi = createAction<DehydratedApiState>('api/hydrate');

/** The one RTK Query API of Larder; endpoints are injected by the generated file. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  // A server-rendered page hands over the answers it was rendered with (see store.ts, dehydrate).
  extractRehydrationInfo: (action) => (hydrateApi.match(action) ? (action.payload as never) : undefined),
});
