import { screen, within } from '@testing-library/react';
import { MESSAGES } from '@larder/shared-domain';
import type { RecordedRequest } from '@larder/shared-state/testing';
import { renderWithApi, server } from '../../../test/render';
import { BUSINESS_TEXTS } from './BusinessDetailsForm';
import SettingsPage from './SettingsPage';

const section = () => screen.getByRole('region', { name: 'Business details' });
const field = (name: string) => within(section()).getByRole('textbox', { name });
const posts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.url === '/api/settings/business');

describe('Business details (seller settings)', () => {
  it('are empty until saved, then saved with the VAT and company numbers as written officially', async () => {
    const { user, requests } = renderWithApi(<SettingsPage />);
    await within(await screen.findByRole('region', { name: 'Business details' })).findByRole('textbox', {
      name: 'Legal name',
    });
    expect(field('Legal name')).toHaveValue('');

    await user.type(field('Legal name'), 'Larder Foods Ltd');
    await user.type(field('Address'), '1 Wine Street, Bristol BS1 2AA');
    await user.type(field('E-mail'), 'hello@larder.test');
    await user.type(field('Telephone'), '0117 496 0000');
    await user.type(field('VAT number (optional)'), 'gb 123 4567 89');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(BUSINESS_TEXTS.saved)).toBeInTheDocument();
    expect(posts(requests).map((request) => request.body)).toEqual([
      {
        legalName: 'Larder Foods Ltd',
        address: '1 Wine Street, Bristol BS1 2AA',
        email: 'hello@larder.test',
        phone: '0117 496 0000',
        vatNumber: 'GB123456789',
      },
    ]);
    expect(server.state.business).toMatchObject({ legalName: 'Larder Foods Ltd', vatNumber: 'GB123456789' });
  });

  it('prefills what was saved, marks each box that is missing or wrong, and sends nothing', async () => {
    server.seed({
      business: {
        legalName: 'Larder Foods Ltd',
        address: '1 Wine Street, Bristol BS1 2AA',
        email: 'hello@larder.test',
        phone: '0117 496 0000',
        vatNumber: null,
        companyNumber: null,
      },
    });
    const { user, requests } = renderWithApi(<SettingsPage />);
    await within(await screen.findByRole('region', { name: 'Business details' })).findByDisplayValue(
      'Larder Foods Ltd',
    );
    await user.clear(field('Telephone'));
    await user.type(field('VAT number (optional)'), 'GB12');
    await user.type(field('Company number (optional)'), '123');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));

    expect(field('Telephone')).toHaveAccessibleDescription(BUSINESS_TEXTS.required.phone);
    expect(field('Telephone')).toHaveFocus();
    expect(field('VAT number (optional)')).toHaveAccessibleDescription(MESSAGES.vatNumberInvalid);
    expect(field('Company number (optional)')).toHaveAccessibleDescription(MESSAGES.companyNumberInvalid);
    expect(posts(requests)).toEqual([]);
    expect(server.state.business?.phone).toBe('0117 496 0000');
  });
});
