import { createSelector } from '@reduxjs/toolkit';
import { api } from '../api';
import type { SellerIsAuthApiResponse, UserIsAuthApiResponse } from '../generated/api';

/**
 * The session lives in the RTK Query cache only: the answers of /api/user/is-auth and /api/seller/is-auth.
 * Every write that changes who is signed in (google-login, logout, account deletion, a new phone or address,
 * seller login and logout) invalidates those answers, so they are asked again.
 */

/** The signed-in customer as /api/user/is-auth and /api/user/google-login return them. */
export type SessionUser = NonNullable<UserIsAuthApiResponse['user']>;

/** 'idle' before the session check is asked, 'loading' until it first answers, then 'ready'. */
export type LoadStatus = 'idle' | 'loading' | 'ready';

interface CheckResult {
  status: string;
  data?: unknown;
  error?: unknown;
}

function loadStatus(check: CheckResult): LoadStatus {
  if (check.status === 'uninitialized') return 'idle';
  if (check.status === 'pending' && check.data === undefined && check.error === undefined) return 'loading';
  return 'ready';
}

const selectUserCheck = api.endpoints.userIsAuth.select();
const selectSellerCheck = api.endpoints.sellerIsAuth.select();

/** The signed-in customer, or null for a visitor (a refused session check included). */
export const selectUser = createSelector(selectUserCheck, (check): SessionUser | null =>
  check.status !== 'rejected' && check.data?.success ? (check.data.user ?? null) : null,
);
export const selectIsSignedIn = (state: Parameters<typeof selectUser>[0]) => selectUser(state) !== null;
/** Whether the customer session check has answered. */
export const selectSessionStatus = createSelector(selectUserCheck, loadStatus);

export const selectIsSeller = createSelector(
  selectSellerCheck,
  (check) => check.status !== 'rejected' && check.data?.success === true,
);
/** The member of staff signed in to the seller area (name, e-mail, role), or null. */
export type SessionStaff = SellerIsAuthApiResponse['staff'];
export const selectSellerStaff = createSelector(selectSellerCheck, (check): SessionStaff | null =>
  check.status !== 'rejected' && check.data?.success ? (check.data.staff ?? null) : null,
);
/** Whether the seller session check has answered. */
export const selectSellerStatus = createSelector(selectSellerCheck, loadStatus);

/** Stores `user` (null: a visitor) as the answer of the customer session check. */
export const setUser = (user: SessionUser | null) =>
  api.util.upsertQueryEntries([
    {
      endpointName: 'userIsAuth',
      arg: undefined,
      value: user ? { success: true, user } : ({ success: false } as UserIsAuthApiResponse),
    },
  ]);
