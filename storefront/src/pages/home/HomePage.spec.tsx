import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import { HOME_TITLE, MESSAGES } from '@larder/shared-domain';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import HomePage from './HomePage';
import { createTestStore, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

afterEach(() => {
  act(() => toast.remove());
});

describe('HomePage title', () => {
  it('titles the tab as the server titles the home page, whatever page was shown before', async () => {
    document.title = 'Mature Cheddar 400g – £3.25 | Larder';
    renderPage(<HomePage />, { store: createTestStore(server), path: '/', route: '/' });
    await waitFor(() => expect(document.title).toBe(HOME_TITLE));
  });
});

describe('HomePage newsletter', () => {
  it('opens the offers from Explore deals, and every product from Shop now', () => {
    renderPage(<HomePage />, { store: createTestStore(server), path: '/', route: '/' });
    expect(screen.getByRole('link', { name: 'Explore deals' })).toHaveAttribute(
      'href',
      '/products?onOffer=1',
    );
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/products');
  });

  it('subscribes the address and shows the server confirmation once, without promising emails', async () => {
    renderPage(<HomePage />, { store: createTestStore(server), path: '/', route: '/' });
    const user = userEvent.setup();

    const email = screen.getByRole('textbox', { name: 'Email address' });
    await user.type(email, 'ada@example.co.uk');
    // fireEvent returns before the server's answer arrives, so the request is still on its way.
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();

    expect(await screen.findByText(MESSAGES.newsletterJoined)).toHaveAttribute('role', 'status');
    expect(screen.getAllByText(/on the list/)).toHaveLength(1);
    expect(screen.queryByText(/we'll email/i)).not.toBeInTheDocument();
    expect(email).toHaveValue('');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled());
    expect(server.sent('POST', '/api/newsletter').map((r) => r.body)).toEqual([
      { email: 'ada@example.co.uk' },
    ]);
  });

  it('shows the server refusal inline and keeps the address', async () => {
    server.on('POST', '/api/newsletter', {
      status: 400,
      body: { success: false, message: MESSAGES.invalidEmail },
    });
    renderPage(<HomePage />, { store: createTestStore(server), path: '/', route: '/' });
    const user = userEvent.setup();

    const email = screen.getByRole('textbox', { name: 'Email address' });
    await user.type(email, 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidEmail);
    expect(email).toHaveValue('ada@example');
    expect(email).toHaveAccessibleDescription(MESSAGES.invalidEmail);
    expect(screen.queryByText(MESSAGES.newsletterJoined)).not.toBeInTheDocument();
    expect(server.sent('POST', '/api/newsletter')).toHaveLength(1);
  });
});

describe('HomePage product rows under the food promotion rules', () => {
  it('leaves out products that may not be shown in prime places, and shows them when they may', async () => {
    server.state.products = [
      makeProduct({ _id: 'biscuits', name: 'Custard Creams', primePlaces: false, lessHealthy: true }),
      makeProduct({ _id: 'apples', name: 'Braeburn Apples' }),
    ];
    renderPage(<HomePage />, { store: createTestStore(server), path: '/', route: '/' });
    expect(await screen.findByText('Braeburn Apples')).toBeInTheDocument();
    expect(screen.queryByText('Custard Creams')).not.toBeInTheDocument();
  });
});
