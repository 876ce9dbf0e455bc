import { screen, within } from '@testing-library/react';
import { MESSAGES } from '@larder/shared-domain';
import type { RecordedRequest } from '@larder/shared-state/testing';
import { renderWithApi, server } from '../../../test/render';
import SettingsPage from './SettingsPage';

const section = () => screen.getByRole('region', { name: 'Open orders per customer' });
const field = () => within(section()).getByLabelText(/Open orders per customer/);
const posts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.url === '/api/settings/orders');

describe('Open orders per customer (seller settings)', () => {
  it("prefills the shop's limit and saves a new one", async () => {
    const { user, requests } = renderWithApi(<SettingsPage />, {}, { state: { maxOpenOrders: 3 } });
    expect(await screen.findByDisplayValue('3')).toBe(field());

    await user.clear(field());
    await user.type(field(), '5');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.orderSettingsUpdated)).toBeInTheDocument();
    expect(posts(requests).map((request) => request.body)).toEqual([{ maxOpenOrders: 5 }]);
    expect(server.state.maxOpenOrders).toBe(5);
    expect(field()).toHaveValue(5);
  });

  it.each(['0', '1001', '2.5', ''])(
    'refuses %j with the message tied to the field and sends nothing',
    async (text) => {
      const { user, requests } = renderWithApi(<SettingsPage />);
      await screen.findByDisplayValue('3');
      await user.clear(field());
      if (text) await user.type(field(), text);
      await user.click(within(section()).getByRole('button', { name: 'Save' }));

      expect(field()).toHaveAccessibleDescription(MESSAGES.invalidMaxOpenOrders);
      expect(field()).toHaveAttribute('aria-invalid', 'true');
      expect(field()).toHaveFocus();
      expect(posts(requests)).toEqual([]);
      expect(server.state.maxOpenOrders).toBe(3);
    },
  );

  it("shows the server's refusal at the field and keeps what the seller typed", async () => {
    const { user } = renderWithApi(<SettingsPage />, {
      'POST /api/settings/orders': {
        status: 400,
        body: { success: false, message: MESSAGES.invalidMaxOpenOrders },
      },
    });
    await screen.findByDisplayValue('3');
    await user.clear(field());
    await user.type(field(), '12');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));

    expect(await within(section()).findByText(MESSAGES.invalidMaxOpenOrders)).toBeInTheDocument();
    expect(field()).toHaveValue(12);
  });

  it('offers to try again when the setting cannot be loaded', async () => {
    const { user } = renderWithApi(<SettingsPage />, {
      'GET /api/settings/orders': { status: 500, body: { success: false, message: 'Server error' } },
    });
    expect(await within(section()).findByRole('alert')).toHaveTextContent(MESSAGES.orderSettingsLoadFailed);
    server.on('GET', '/api/settings/orders', { body: { success: true, maxOpenOrders: 4 } });
    await user.click(within(section()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('4')).toBe(field());
  });
});

describe('Limit per product (seller settings)', () => {
  const limitSection = () => screen.getByRole('region', { name: 'Limit per product' });
  const limitField = () => within(limitSection()).getByLabelText(/Limit per product/);

  it("prefills the shop's limit and saves a new one, sending the open-orders limit as it is", async () => {
    const { user, requests } = renderWithApi(
      <SettingsPage />,
      {},
      { state: { maxOpenOrders: 4, maxPerProduct: 20 } },
    );
    expect(
      await within(await screen.findByRole('region', { name: 'Limit per product' })).findByDisplayValue('20'),
    ).toBe(limitField());

    await user.clear(limitField());
    await user.type(limitField(), '12');
    await user.click(within(limitSection()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.orderSettingsUpdated)).toBeInTheDocument();
    expect(posts(requests).map((request) => request.body)).toEqual([{ maxOpenOrders: 4, maxPerProduct: 12 }]);
    expect(server.state.maxPerProduct).toBe(12);
    expect(server.state.maxOpenOrders).toBe(4);
  });

  it.each(['0', '100', '2.5', ''])(
    'refuses %j with the message tied to the field and sends nothing',
    async (text) => {
      const { user, requests } = renderWithApi(<SettingsPage />);
      await within(await screen.findByRole('region', { name: 'Limit per product' })).findByDisplayValue('20');
      await user.clear(limitField());
      if (text) await user.type(limitField(), text);
      await user.click(within(limitSection()).getByRole('button', { name: 'Save' }));

      expect(limitField()).toHaveAccessibleDescription(MESSAGES.invalidMaxPerProduct);
      expect(limitField()).toHaveFocus();
      expect(posts(requests)).toEqual([]);
      expect(server.state.maxPerProduct).toBe(20);
    },
  );
});
