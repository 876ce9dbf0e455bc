import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@larder/shared-domain';
import type { UserDto } from '@larder/shared-state';
import { setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import ProfilePage from './ProfilePage';

const server = setupMockApi();

function setup(profile: UserDto = makeUser()) {
  const store = createTestStore(server, { user: profile });
  renderPage(<ProfilePage />, { store, path: '/profile', route: '/profile' });
  return { user: userEvent.setup() };
}

describe('ProfilePage', () => {
  it('shows "Loading profile..." and then the account tab', async () => {
    setup();
    expect(screen.getByText(MESSAGES.loadingProfile)).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Account Settings', selected: true })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loadingProfile)).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByTestId('phone-value')).toHaveTextContent(MESSAGES.phoneNotAdded);
    expect(screen.getByText(MESSAGES.noAddresses)).toBeInTheDocument();
  });

  it('ends loading with an error note when the profile cannot be loaded', async () => {
    server.on('GET', '/api/user/profile', {
      status: 500,
      body: { success: false, message: MESSAGES.somethingWentWrong },
    });
    renderPage(<ProfilePage />, {
      store: createTestStore(server, { user: makeUser() }),
      path: '/profile',
      route: '/profile',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.somethingWentWrong);
    expect(screen.queryByText(MESSAGES.loadingProfile)).not.toBeInTheDocument();
  });

  it('Cancel leaves the phone unchanged and sends nothing', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit phone' }));
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveFocus();
    await user.type(input, '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('phone-value')).toHaveTextContent(MESSAGES.phoneNotAdded);
    expect(screen.getByRole('button', { name: 'Edit phone' })).toHaveFocus();
    expect(server.sent('PUT', '/api/user/update-phone')).toHaveLength(0);
  });

  it('Save stores the phone, toasts and returns to the display', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit phone' }));
    await user.type(screen.getByLabelText('Phone'), '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.phoneUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('phone-value')).toHaveTextContent('07700 900123'));
    expect(server.sent('PUT', '/api/user/update-phone').map((r) => r.body)).toEqual([
      { phone: '07700 900123' },
    ]);
    expect(server.state.user?.phone).toBe('07700 900123');
  });

  it('keeps editing and shows the server message when the phone is refused', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit phone' }));
    await user.type(screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.invalidPhone)).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('12');
    expect(server.state.user?.phone).toBeNull();
  });

  it('refuses an incomplete address without sending it', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText(/^Street/), '1 Harbourside');
    await user.selectOptions(screen.getByLabelText(/^City/), 'Bristol');
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(await screen.findByText(MESSAGES.fillAllFields)).toBeInTheDocument();
    expect(server.sent('PUT', '/api/user/add-address')).toHaveLength(0);
  });

  it('adds an address, lists it as the default and clears the form', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText(/^Street/), '1 Harbourside');
    await user.selectOptions(screen.getByLabelText(/^City/), 'Bristol');
    await user.type(screen.getByLabelText(/^State/), 'Avon');
    await user.type(screen.getByLabelText(/^Postcode/), 'bs1 5db');
    await user.selectOptions(screen.getByLabelText(/^Country/), 'United Kingdom');
    await user.click(screen.getByRole('button', { name: 'Add Address' }));

    expect(await screen.findByText(MESSAGES.addressAdded)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    expect(await within(list).findByText(/1 Harbourside/)).toBeInTheDocument();
    expect(await within(list).findByText('Default')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Street/)).toHaveValue(''));
    expect(server.sent('PUT', '/api/user/add-address').map((r) => r.body)).toEqual([
      {
        address: {
          street: '1 Harbourside',
          city: 'Bristol',
          state: 'Avon',
          postalCode: 'bs1 5db',
          country: 'United Kingdom',
        },
      },
    ]);
  });

  it("offers the download of all the customer's data as a file", async () => {
    setup();
    const section = await screen.findByRole('region', { name: 'Your data' });
    const link = within(section).getByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/user/export');
    expect(link).toHaveAttribute('download');
  });

  it('shows the COD note on the payment tab', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Payment Settings' }));
    expect(screen.getByText(MESSAGES.codOnly)).toBeInTheDocument();
  });

  it('deletes the account only after both confirmations, then goes home', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Delete Account' }));

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    let dialog = await screen.findByRole('alertdialog', { name: MESSAGES.deleteAccountConfirm1 });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('alertdialog', { name: MESSAGES.deleteAccountConfirm2 });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.sent('DELETE', '/api/user/delete-account')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: MESSAGES.deleteAccountConfirm1 })).getByRole(
        'button',
        { name: 'Continue' },
      ),
    );
    await user.click(
      within(await screen.findByRole('alertdialog', { name: MESSAGES.deleteAccountConfirm2 })).getByRole(
        'button',
        {
          name: 'Yes, delete my account',
        },
      ),
    );
    expect(await screen.findByText(MESSAGES.accountDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/));
    expect(server.sent('DELETE', '/api/user/delete-account')).toHaveLength(1);
    expect(server.state.user).toBeNull();
  });
});
