import { screen, within } from '@testing-library/react';
import { MESSAGES } from '@larder/shared-domain';
import { renderWithApi, server } from '../../../test/render';
import SettingsPage from './SettingsPage';

const shippingSettings = () => screen.getByRole('region', { name: 'Shipping settings' });

describe('Settings', () => {
  it('shows the shipping, delivery-slot, order-limit and per-product limit settings under one heading', async () => {
    renderWithApi(<SettingsPage />, {}, { state: { slotCapacity: 20, maxOpenOrders: 3, maxPerProduct: 12 } });
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/Shipping charge/)).toHaveValue(3.99);
    expect(await screen.findByDisplayValue('20')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('3')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('12')).toBeInTheDocument();
  });

  it('prefills the shipping settings and saves them', async () => {
    const { user, requests } = renderWithApi(<SettingsPage />);
    const charge = await screen.findByLabelText(/Shipping charge/);
    expect(charge).toHaveValue(3.99);
    expect(screen.getByLabelText(/Free shipping threshold/)).toHaveValue(40);

    await user.clear(charge);
    await user.type(charge, '4.49');
    await user.clear(screen.getByLabelText(/Free shipping threshold/));
    await user.type(screen.getByLabelText(/Free shipping threshold/), '35');
    await user.click(within(shippingSettings()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Shipping settings updated!')).toBeInTheDocument();
    const sent = requests.find(
      (request) => request.method === 'POST' && request.url === '/api/settings/shipping',
    );
    expect(sent?.body).toEqual({ shippingCharge: 4.49, shippingThreshold: 35 });
    expect(server.state.shipping).toEqual({ shippingCharge: 4.49, shippingThreshold: 35 });
  });

  it('says "Failed to update shipping settings" when saving fails, whatever the server answered', async () => {
    const { user } = renderWithApi(<SettingsPage />, {
      'POST /api/settings/shipping': {
        status: 401,
        body: { success: false, message: MESSAGES.sellerOnly },
      },
    });
    await screen.findByDisplayValue('3.99');
    await user.click(within(shippingSettings()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update shipping settings')).toBeInTheDocument();
  });
});
