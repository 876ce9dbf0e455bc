import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createStore, selectRenderedAt } from '@larder/shared-state';
import { useNow } from './useNow';

function Clock() {
  const now = useNow(60_000);
  return <p>{now.toISOString()}</p>;
}

describe('useNow', () => {
  it("starts at the moment a server-rendered page was rendered for, then follows the browser's clock", () => {
    const renderedAt = Date.parse('2026-12-01T09:00:00Z');
    const store = createStore({ cartSync: false, preloadedState: { pageClock: { renderedAt } } });
    const drawn: string[] = [];
    function Recording() {
      const now = useNow(60_000);
      drawn.push(now.toISOString());
      return null;
    }
    render(
      <Provider store={store}>
        <Recording />
        <Clock />
      </Provider>,
    );
    // The first render is the server's moment; right after, the browser's.
    expect(drawn[0]).toBe('2026-12-01T09:00:00.000Z');
    expect(Date.now() - Date.parse(drawn.at(-1)!)).toBeLessThan(60_000);
    expect(Math.abs(Date.now() - Date.parse(screen.getByRole('paragraph').textContent!))).toBeLessThan(
      60_000,
    );
    expect(selectRenderedAt(store.getState())).toBeNull();
  });

  it("is the browser's clock for a page the browser rendered", () => {
    const store = createStore({ cartSync: false });
    render(
      <Provider store={store}>
        <Clock />
      </Provider>,
    );
    const shown = Date.parse(screen.getByRole('paragraph').textContent!);
    expect(Math.abs(Date.now() - shown)).toBeLessThan(60_000);
  });
});
