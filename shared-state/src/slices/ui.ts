import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type LoginMode = 'signup' | 'login';

export interface UiState {
  /** Whether the customer login modal is open. */
  showUserLogin: boolean;
  loginMode: LoginMode;
  /** The navbar search text. */
  searchQuery: string;
}

const initialState: UiState = { showUserLogin: false, loginMode: 'signup', searchQuery: '' };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    openLogin(state, action: PayloadAction<LoginMode | undefined>) {
      state.showUserLogin = true;
      if (action.payload) state.loginMode = action.payload;
    },
    closeLogin(state) {
      state.showUserLogin = false;
    },
    setLoginMode(state, action: PayloadAction<LoginMode>) {
      state.loginMode = action.payload;
    },
    setSearchQuery(state, action: PayloadAction<string>) {
      state.searchQuery = action.payload;
    },
  },
  selectors: {
    selectShowUserLogin: (state) => state.showUserLogin,
    selectLoginMode: (state) => state.loginMode,
    selectSearchQuery: (state) => state.searchQuery,
  },
});

export const { openLogin, closeLogin, setLoginMode, setSearchQuery } = uiSlice.actions;
export const uiActions = uiSlice.actions;
export const { selectShowUserLogin, selectLoginMode, selectSearchQuery } = uiSlice.selectors;
