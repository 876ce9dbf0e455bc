import { screen, within } from '@testing-library/react';
import { MAX_SLOT_CAPACITY, MESSAGES } from '@larder/shared-domain';
import type { RecordedRequest } from '@larder/shared-state/testing';
import { renderWithApi, server } from '../../../test/render';
import SettingsPage from './SettingsPage';

const section = () => screen.getByRole('region', { name: 'Delivery slots' });
const field = () => within(section()).getByLabelText(/Orders per slot/);
const posts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.url === '/api/settings/delivery');

describe('Delivery slots (seller settings)', () => {
  it('prefills the orders per slot and saves a new number', async () => {
    const { user, requests } = renderWithApi(<SettingsPage />, {}, { state: { slotCapacity: 20 } });
    expect(
      await within(await screen.findByRole('region', { name: 'Delivery slots' })).findByDisplayValue('20'),
    ).toBe(field());
    await user.clear(field());
    await user.type(field(), '25');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.deliverySettingsUpdated)).toBeInTheDocument();
    expect(posts(requests).map((request) => request.body)).toEqual([{ slotCapacity: 25 }]);
    expect(server.state.slotCapacity).toBe(25);
  });

  it('refuses a number out of range at the field and sends nothing', async () => {
    const { user, requests } = renderWithApi(<SettingsPage />, {}, { state: { slotCapacity: 20 } });
    await within(await screen.findByRole('region', { name: 'Delivery slots' })).findByDisplayValue('20');
    await user.clear(field());
    await user.type(field(), String(MAX_SLOT_CAPACITY + 1));
    await user.click(within(section()).getByRole('button', { name: 'Save' }));

    expect(field()).toHaveAccessibleDescription(MESSAGES.invalidSlotCapacity);
    expect(field()).toHaveFocus();
    expect(posts(requests)).toEqual([]);
    expect(server.state.slotCapacity).toBe(20);
  });
});
