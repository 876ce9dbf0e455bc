import { screen, within } from '@testing-library/react';
import { DEFAULT_DELIVERY_AREAS, MESSAGES } from '@larder/shared-domain';
import type { RecordedRequest } from '@larder/shared-state/testing';
import { renderWithApi, server } from '../../../test/render';
import SettingsPage from './SettingsPage';

const section = () => screen.getByRole('region', { name: 'Delivery areas' });
const field = (city: string) => within(section()).getByRole('textbox', { name: city });
const posts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.url === '/api/settings/delivery-area');

describe('Delivery areas (seller settings)', () => {
  it("prefills each city's areas and saves them as Royal Mail writes them", async () => {
    const { user, requests } = renderWithApi(<SettingsPage />);
    await within(await screen.findByRole('region', { name: 'Delivery areas' })).findByDisplayValue(
      'BA, TA, BS',
    );
    expect(field('Bristol')).toHaveValue('BS');

    await user.clear(field('Bristol'));
    await user.type(field('Bristol'), 'bs1, bs8 BS9');
    await user.clear(field('Somerset'));
    await user.click(within(section()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.deliveryAreasUpdated)).toBeInTheDocument();
    expect(posts(requests).map((request) => request.body)).toEqual([
      { areas: { Bristol: ['BS1', 'BS8', 'BS9'], Cardiff: ['CF'], Somerset: [], Swindon: ['SN'] } },
    ]);
    expect(server.state.deliveryAreas.Bristol).toEqual(['BS1', 'BS8', 'BS9']);
  });

  it('marks a box holding something that is not a postcode area, and sends nothing', async () => {
    const { user, requests } = renderWithApi(<SettingsPage />);
    await within(await screen.findByRole('region', { name: 'Delivery areas' })).findByDisplayValue('CF');
    await user.clear(field('Cardiff'));
    await user.type(field('Cardiff'), 'CF10 1AA');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));

    expect(field('Cardiff')).toHaveAccessibleDescription(MESSAGES.invalidDeliveryAreaCodes);
    expect(field('Cardiff')).toHaveFocus();
    expect(posts(requests)).toEqual([]);
    expect(server.state.deliveryAreas).toEqual(DEFAULT_DELIVERY_AREAS);
  });
});
