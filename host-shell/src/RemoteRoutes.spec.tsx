import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '@larder/shared-state';
import { RemoteRoutes, type RemoteLoader } from './RemoteRoutes';
import type { RemoteRoutesModule } from './remotes';

function renderWith(load: RemoteLoader, store = createStore()) {
  render(
    <Provider store={store}>
      <MemoryRouter>
        <RemoteRoutes remote="storefront" load={load} />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('RemoteRoutes', () => {
  it('renders a remote that has already arrived at once, without asking for it again', () => {
    const load = jest.fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>();
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <RemoteRoutes
            remote="storefront"
            load={load}
            loaded={() => ({ default: () => <h1>Rendered by the server</h1> })}
          />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('heading', { name: 'Rendered by the server' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('renders a remote that arrives between the first render and its effect', async () => {
    const module: RemoteRoutesModule = { default: () => <h1>Just in time</h1> };
    let asked = 0;
    // Not there when the first render asks, there when the effect asks.
    const loaded = () => (++asked > 1 ? module : undefined);
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <RemoteRoutes remote="storefront" load={() => new Promise(() => undefined)} loaded={loaded} />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'Just in time' })).toBeInTheDocument();
  });

  it('shows a skeleton page until the remote arrives, then renders it', async () => {
    let resolve!: (module: RemoteRoutesModule) => void;
    const load: RemoteLoader = () => new Promise((r) => (resolve = r));
    renderWith(load);

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    resolve({ default: () => <h1>Fresh groceries</h1> });
    expect(await screen.findByRole('heading', { name: 'Fresh groceries' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers a retry when the remote cannot be loaded, and loads it again on Retry', async () => {
    const user = userEvent.setup();
    const calls: boolean[] = [];
    const load: RemoteLoader = async (_key, { retry }) => {
      calls.push(retry);
      if (calls.length === 1) throw new Error('offline');
      return { default: () => <h1>Back online</h1> };
    };
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWith(load);

    expect(
      await screen.findByRole('heading', { name: "We couldn't load this part of the shop" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Back online' })).toBeInTheDocument();
    expect(calls).toEqual([false, true]);
    error.mockRestore();
  });

  it('catches a remote that throws while rendering', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    renderWith(async () => ({ default: Broken }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    error.mockRestore();
  });
});
