import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { api } from '../api';
import type { UserIsAuthApiResponse } from '../generated/api';

/** The signed-in customer as /api/user/is-auth and /api/user/google-login return them. */
export type SessionUser = UserIsAuthApiResponse['user'];

export type LoadStatus = 'idle' | 'loading' | 'ready';

export interface SessionState {
  /** The signed-in customer, or null for a visitor. */
  user: SessionUser | null;
  /** Whether the customer session check has answered. */
  status: LoadStatus;
  isSeller: boolean;
  /** Whether the seller session check has answered. */
  sellerStatus: LoadStatus;
}

const initialState: SessionState = { user: null, status: 'idle', isSeller: false, sellerStatus: 'idle' };

const signedOut = isAnyOf(
  api.endpoints.logoutUser.matchFulfilled,
  api.endpoints.deleteAccount.matchFulfilled,
);
const sellerSignedIn = api.endpoints.sellerLogin.matchFulfilled;
const sellerSignedOut = api.endpoints.sellerLogout.matchFulfilled;

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    setUser(state, action: PayloadAction<SessionUser | null>) {
      state.user = action.payload;
      state.status = 'ready';
    },
    setSeller(state, action: PayloadAction<boolean>) {
      state.isSeller = action.payload;
      state.sellerStatus = 'ready';
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(api.endpoints.userIsAuth.matchPending, (state) => {
        if (state.status === 'idle') state.status = 'loading';
      })
      .addMatcher(api.endpoints.userIsAuth.matchFulfilled, (state, action) => {
        state.user = action.payload.success ? (action.payload.user ?? null) : null;
        state.status = 'ready';
      })
      .addMatcher(api.endpoints.userIsAuth.matchRejected, (state, action) => {
        if (action.meta.condition) return; // served from the cache, not an answer
        state.user = null;
        state.status = 'ready';
      })
      .addMatcher(api.endpoints.googleLogin.matchFulfilled, (state, action) => {
        if (action.payload.success && action.payload.user) state.user = action.payload.user;
        state.status = 'ready';
      })
      .addMatcher(signedOut, (state) => {
        state.user = null;
        state.status = 'ready';
      })
      .addMatcher(api.endpoints.updatePhone.matchFulfilled, (state, action) => {
        if (state.user) state.user.phone = action.payload.phone;
      })
      .addMatcher(api.endpoints.addAddress.matchFulfilled, (state, action) => {
        const added = action.payload.newAddress;
        if (!state.user || !added) return;
        state.user.addresses.push(added);
        if (!state.user.defaultAddress) state.user.defaultAddress = added._id;
      })
      .addMatcher(api.endpoints.sellerIsAuth.matchPending, (state) => {
        if (state.sellerStatus === 'idle') state.sellerStatus = 'loading';
      })
      .addMatcher(api.endpoints.sellerIsAuth.matchFulfilled, (state, action) => {
        state.isSeller = action.payload.success === true;
        state.sellerStatus = 'ready';
      })
      .addMatcher(api.endpoints.sellerIsAuth.matchRejected, (state, action) => {
        if (action.meta.condition) return;
        state.isSeller = false;
        state.sellerStatus = 'ready';
      })
      .addMatcher(sellerSignedIn, (state) => {
        state.isSeller = true;
        state.sellerStatus = 'ready';
      })
      .addMatcher(sellerSignedOut, (state) => {
        state.isSeller = false;
        state.sellerStatus = 'ready';
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectIsSignedIn: (state) => state.user !== null,
    selectSessionStatus: (state) => state.status,
    selectIsSeller: (state) => state.isSeller,
    selectSellerStatus: (state) => state.sellerStatus,
  },
});

export const sessionActions = sessionSlice.actions;
export const { setUser, setSeller } = sessionSlice.actions;
export const { selectUser, selectIsSignedIn, selectSessionStatus, selectIsSeller, selectSellerStatus } =
  sessionSlice.selectors;
