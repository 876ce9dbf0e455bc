import { screen, within } from '@testing-library/react';
import { DEFAULT_LICENSED_HOURS, FOOD_PROMOTION_TEXTS, LICENCE_TEXTS } from '@larder/shared-domain';
import { renderWithApi, server } from '../../../test/render';
import SettingsPage from './SettingsPage';

describe('Settings: food and drink law', () => {
  it('explains the food promotion rules in a sentence and lets the owner turn them on', async () => {
    const { user, requests } = renderWithApi(<SettingsPage />);
    const section = await screen.findByRole('region', { name: 'Food promotion rules' });
    expect(within(section).getByText(FOOD_PROMOTION_TEXTS.settingSentence)).toBeInTheDocument();
    const box = await within(section).findByRole('checkbox', { name: FOOD_PROMOTION_TEXTS.settingLabel });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(await within(section).findByText(FOOD_PROMOTION_TEXTS.saved)).toBeInTheDocument();
    expect(
      requests.find((r) => r.method === 'POST' && r.url === '/api/settings/food-promotion')?.body,
    ).toEqual({ qualifyingBusiness: true });
    expect(server.state.qualifyingBusiness).toBe(true);
  });

  it('is not shown to a manager, whom the server refuses', async () => {
    renderWithApi(<SettingsPage />, {
      'GET /api/settings/food-promotion': { status: 403, body: { success: false, message: 'No' } },
    });
    expect(await screen.findByRole('region', { name: 'Premises licence' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Food promotion rules' })).not.toBeInTheDocument();
  });

  it('prefills the licence and its hours, refuses a day that closes before it opens, and saves', async () => {
    const { user, requests } = renderWithApi(<SettingsPage />);
    const section = await screen.findByRole('region', { name: 'Premises licence' });
    const sundayFrom = await within(section).findByLabelText('Sunday from');
    expect(sundayFrom).toHaveValue('08:00');
    expect(within(section).getByLabelText('Sunday until')).toHaveValue('23:00');

    await user.type(within(section).getByLabelText('Premises licence number'), 'BCC/PL/01234');
    await user.clear(sundayFrom);
    await user.type(sundayFrom, '23:30');
    await user.click(within(section).getByRole('button', { name: 'Save licence' }));
    expect(within(section).getByRole('alert')).toHaveTextContent(LICENCE_TEXTS.hoursInvalid);
    expect(requests.filter((r) => r.url === '/api/settings/licence' && r.method === 'POST')).toHaveLength(0);

    await user.clear(sundayFrom);
    await user.type(sundayFrom, '10:00');
    await user.click(within(section).getByRole('button', { name: 'Save licence' }));
    expect(await within(section).findByText(LICENCE_TEXTS.saved)).toBeInTheDocument();
    expect(server.state.licence).toEqual({
      premisesLicence: 'BCC/PL/01234',
      supervisor: null,
      hours: { ...DEFAULT_LICENSED_HOURS, '7': ['10:00', '23:00'] },
    });
  });
});
