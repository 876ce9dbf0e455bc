import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@larder/shared-domain';
import { setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import ProfilePage from './ProfilePage';

const server = setupMockApi();

function setup() {
  const store = createTestStore(server, { user: makeUser() });
  renderPage(<ProfilePage />, { store, path: '/profile', route: '/profile' });
  return { user: userEvent.setup() };
}

/** The text shown beside a field (its accessible description). */
const besideField = (label: RegExp) => screen.getByLabelText(label);

describe('the address form', () => {
  it('has the only country chosen already, and keeps the spec’s choices', async () => {
    setup();
    const country = await screen.findByLabelText(/^Country/);
    expect(country).toHaveValue('United Kingdom');
    expect(within(country).getByRole('option', { name: 'Select Country' })).toBeInTheDocument();
    const city = screen.getByLabelText(/^City/);
    expect(city).toHaveValue('');
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select City', 'Bristol', 'Cardiff', 'Somerset', 'Swindon']);
    expect(screen.getByPlaceholderText('State')).toBeInTheDocument();
  });

  it('marks each missing field beside it, as well as the toast, and sends nothing', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText(/^Street/), '1 Harbourside');
    await user.click(screen.getByRole('button', { name: 'Add Address' }));

    expect(await screen.findByText(MESSAGES.fillAllFields)).toBeInTheDocument();
    for (const label of [/^City/, /^State/, /^Postcode/]) {
      expect(besideField(label)).toHaveAttribute('aria-invalid', 'true');
      expect(besideField(label)).toHaveAccessibleDescription(MESSAGES.addressFieldRequired);
    }
    expect(besideField(/^Street/)).not.toHaveAttribute('aria-invalid');
    expect(besideField(/^Country/)).not.toHaveAttribute('aria-invalid');
    expect(server.sent('PUT', '/api/user/add-address')).toHaveLength(0);

    // A field filled in loses its mark as it is typed.
    await user.type(screen.getByLabelText(/^State/), 'Avon');
    expect(besideField(/^State/)).not.toHaveAttribute('aria-invalid');
  });

  it('marks a postcode that is not a UK one', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText(/^Street/), '1 Harbourside');
    await user.selectOptions(screen.getByLabelText(/^City/), 'Bristol');
    await user.type(screen.getByLabelText(/^State/), 'Avon');
    await user.type(screen.getByLabelText(/^Postcode/), 'BS1');
    await user.click(screen.getByRole('button', { name: 'Add Address' }));

    expect(besideField(/^Postcode/)).toHaveAccessibleDescription(MESSAGES.invalidPostcode);
    expect(server.sent('PUT', '/api/user/add-address')).toHaveLength(0);
  });

  it('marks a postcode outside the chosen city’s delivery area', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText(/^Street/), '10 Downing Street');
    await user.selectOptions(screen.getByLabelText(/^City/), 'Bristol');
    await user.type(screen.getByLabelText(/^State/), 'Avon');
    await user.type(screen.getByLabelText(/^Postcode/), 'sw1a 2aa');
    await user.click(screen.getByRole('button', { name: 'Add Address' }));

    expect(besideField(/^Postcode/)).toHaveAccessibleDescription('We do not deliver to SW1A 2AA yet.');
    expect(server.sent('PUT', '/api/user/add-address')).toHaveLength(0);
  });
});
