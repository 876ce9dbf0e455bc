import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import { renderWithApi } from '../../../test/render';
import { SellerPortal } from '../../SellerPortal';
import MessagesPage from './MessagesPage';

const older = {
  _id: 'm-1',
  name: 'Raj Patel',
  email: 'raj@example.com',
  phone: '07700 900456',
  message: 'Are the apples organic?',
  createdAt: '2026-07-10T13:05:00.000Z',
  emailedAt: null,
};
const newer = {
  _id: 'm-2',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '07700 900123',
  message: 'Hello\nDo you deliver to Bath?',
  createdAt: '2026-11-23T13:05:00.000Z',
  emailedAt: '2026-11-23T13:05:02.000Z',
};

/** The pagination fields of a list of `total` entries that fits on one page. */
const onePage = (total: number) => ({ page: 1, limit: 50, total, totalPages: 1 });

const withMessages = {
  state: {
    contactMessages: [older, newer],
    newsletterSubscribers: [
      { email: 'ada@example.com', createdAt: '2026-11-23T13:05:00.000Z' },
      { email: 'bea@example.co.uk', createdAt: '2026-07-01T09:00:00.000Z' },
    ],
  },
};

/** A contact message numbered `n`, sent `n` minutes after 9:00 on 1 Nov 2026. */
function message(n: number) {
  return {
    _id: `m-${n}`,
    name: `Sender ${n}`,
    email: `sender${n}@example.com`,
    phone: '',
    message: `Message ${n}`,
    createdAt: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
    emailedAt: null,
  };
}

describe('Messages', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the contact messages newest first with their details', async () => {
    renderWithApi(<MessagesPage />, {}, withMessages);
    expect(screen.getByRole('heading', { name: 'Messages', level: 1 })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Contact messages' });
    await within(section).findByRole('heading', { name: 'Ada Lovelace', level: 3 });

    const cards = within(section).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Ada Lovelace',
      'Raj Patel',
    ]);
    const ada = within(cards[0]!);
    expect(ada.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com',
    );
    expect(ada.getByRole('link', { name: '07700 900123' })).toHaveAttribute('href', 'tel:07700900123');
    expect(ada.getByText('23 Nov 2026, 13:05')).toBeInTheDocument();
    expect(ada.getByText(/Do you deliver to Bath\?/).textContent).toBe('Hello\nDo you deliver to Bath?');
    expect(ada.getByText('E-mailed')).toBeInTheDocument();
    // 13:05 UTC in July is 14:05 in London.
    expect(within(cards[1]!).getByText('10 Jul 2026, 14:05')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Not e-mailed')).toBeInTheDocument();
  });

  it('lists the newsletter subscribers with their count and joining date', async () => {
    renderWithApi(<MessagesPage />, {}, withMessages);
    const section = screen.getByRole('region', { name: 'Newsletter subscribers' });
    expect(await within(section).findByText('2 subscribers')).toBeInTheDocument();
    const rows = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com',
    );
    expect(rows[0]).toHaveTextContent('Joined 23 Nov 2026');
    expect(rows[1]).toHaveTextContent('bea@example.co.uk');
    expect(rows[1]).toHaveTextContent('Joined 1 Jul 2026');
  });

  it('says so when there are no messages and no subscribers', async () => {
    renderWithApi(<MessagesPage />);
    expect(
      await within(screen.getByRole('region', { name: 'Contact messages' })).findByRole('heading', {
        name: 'No messages yet',
      }),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Newsletter subscribers' })).findByRole('heading', {
        name: 'No subscribers yet',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a failed load with a retry that loads again', async () => {
    let attempts = 0;
    const { user } = renderWithApi(<MessagesPage />, {
      'GET /api/contact': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { success: false, message: MESSAGES.somethingWentWrong } }
          : { body: { success: true, messages: [newer], ...onePage(1) } };
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.somethingWentWrong);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is in the seller menu, marked as the current page when open', async () => {
    // jsdom has no scrolling; the layout scrolls to the top after each move.
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user } = renderWithApi(
      <Routes>
        <Route path="/seller/*" element={<SellerPortal />} />
      </Routes>,
      {},
      { path: '/seller/orders' },
    );
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Seller menu' });
    const link = within(menu).getByRole('link', { name: 'Messages' });
    expect(link).toHaveAttribute('href', '/seller/messages');
    expect(link).not.toHaveAttribute('aria-current');

    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it('pages through the contact messages with Previous and Next, saying which page is shown', async () => {
    const { user, requests } = renderWithApi(
      <MessagesPage />,
      {},
      {
        state: { contactMessages: [message(3), message(2), message(1)], pageSize: 2 },
      },
    );
    const section = screen.getByRole('region', { name: 'Contact messages' });
    await within(section).findByRole('heading', { name: 'Sender 3' });
    expect(within(section).getByText('3 messages')).toBeInTheDocument();
    const pages = within(section).getByRole('navigation', { name: 'Contact messages pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByRole('heading', { name: 'Sender 1' })).toBeInTheDocument();
    expect(within(section).queryByRole('heading', { name: 'Sender 3' })).not.toBeInTheDocument();
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(requests.filter((r) => r.url === '/api/contact').map((r) => r.params)).toContainEqual({
      page: '2',
    });

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await within(section).findByRole('heading', { name: 'Sender 3' })).toBeInTheDocument();
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('pages through the newsletter subscribers', async () => {
    const { user } = renderWithApi(<MessagesPage />, {}, { state: { ...withMessages.state, pageSize: 1 } });
    const section = screen.getByRole('region', { name: 'Newsletter subscribers' });
    expect(await within(section).findByRole('link', { name: 'ada@example.com' })).toBeInTheDocument();
    expect(within(section).getByText('2 subscribers')).toBeInTheDocument();
    const pages = within(section).getByRole('navigation', { name: 'Newsletter subscribers pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByRole('link', { name: 'bea@example.co.uk' })).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'ada@example.com' })).not.toBeInTheDocument();
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('shows no page navigation while each list fits on one page', async () => {
    renderWithApi(<MessagesPage />, {}, withMessages);
    await screen.findByRole('heading', { name: 'Ada Lovelace', level: 3 });
    await screen.findByText('2 subscribers');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('moves back to the last page when the list has become shorter than the page shown', async () => {
    const { user } = renderWithApi(
      <MessagesPage />,
      {
        'GET /api/contact': (request, state) => {
          // Message 3 is gone by the time page 2 is asked for: the two left both fit on page 1.
          if (request.params.page === '2') state.contactMessages = [message(2), message(1)];
        },
      },
      { state: { contactMessages: [message(3), message(2), message(1)], pageSize: 2 } },
    );
    const section = screen.getByRole('region', { name: 'Contact messages' });
    await within(section).findByRole('heading', { name: 'Sender 3' });
    await user.click(within(section).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByRole('heading', { name: 'Sender 1' })).toBeInTheDocument();
    expect(within(section).getByText('2 messages')).toBeInTheDocument();
    expect(within(section).queryByRole('heading', { name: 'Sender 3' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('navigation')).not.toBeInTheDocument();
  });
});
