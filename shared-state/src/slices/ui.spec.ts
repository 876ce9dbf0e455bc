import { createStore } from '../store';
import {
  closeLogin,
  openLogin,
  selectLoginMode,
  selectSearchQuery,
  selectShowUserLogin,
  setLoginMode,
  setSearchQuery,
} from './ui';

describe('ui slice', () => {
  it('opens the login modal in sign-up mode by default and switches modes', () => {
    const store = createStore();
    expect(selectShowUserLogin(store.getState())).toBe(false);
    store.dispatch(openLogin());
    expect(selectShowUserLogin(store.getState())).toBe(true);
    expect(selectLoginMode(store.getState())).toBe('signup');
    store.dispatch(setLoginMode('login'));
    expect(selectLoginMode(store.getState())).toBe('login');
    store.dispatch(closeLogin());
    store.dispatch(openLogin('signup'));
    expect(selectLoginMode(store.getState())).toBe('signup');
  });

  it('keeps the search text', () => {
    const store = createStore();
    store.dispatch(setSearchQuery('apple'));
    expect(selectSearchQuery(store.getState())).toBe('apple');
  });
});
