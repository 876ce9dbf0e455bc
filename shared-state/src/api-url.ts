import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ApiEnvironment } from './base-api';
import { useAppDispatch } from './hooks';
import type { RootState } from './store';

const apiBaseUrl =
  (): ThunkAction<string, RootState, ApiEnvironment, UnknownAction> => (_dispatch, _getState, environment) =>
    environment?.apiBaseUrl ?? '';

/**
 * The address of an API path for a plain link (a file the browser downloads with the session cookie), on the
 * origin the store sends its requests to.
 */
export function useApiUrl(path: string): string {
  const dispatch = useAppDispatch();
  return `${dispatch(apiBaseUrl())}${path}`;
}
