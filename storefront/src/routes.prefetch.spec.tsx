import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser } from '../test/page-testing';
import { PrefetchFollowedLinks } from './routes';

const server = setupMockApi();

describe('a followed link', () => {
  function renderLinks() {
    const store = createTestStore(server, { user: makeUser() });
    render(
      <Provider store={store}>
        <PrefetchFollowedLinks />
        {/* The page itself never opens here: whatever is asked for, the click asked for. */}
        <nav onClick={(event) => event.preventDefault()}>
          <a href="/my-orders">My Orders</a>
          <a href="/contact-us">Contact</a>
          <a href="https://www.instagram.com/" target="_blank" rel="noreferrer">
            Instagram
          </a>
        </nav>
      </Provider>,
    );
  }

  it("asks for the data of the page it opens as it is clicked, before the page's code has drawn it", async () => {
    renderLinks();
    await userEvent.click(screen.getByRole('link', { name: 'My Orders' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.sent('GET', '/api/order/user')).toHaveLength(1);
  });

  it('asks nothing for a page without data of its own, nor for a link to another site', async () => {
    renderLinks();
    const before = server.requests.length;
    await userEvent.click(screen.getByRole('link', { name: 'Contact' }));
    await userEvent.click(screen.getByRole('link', { name: 'Instagram' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.slice(before)).toEqual([]);
  });
});
