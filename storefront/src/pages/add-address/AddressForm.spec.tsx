import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import { AddressForm } from './AddressForm';

const server = setupMockApi();

function setup() {
  const store = createTestStore(server, { user: makeUser() });
  renderPage(<AddressForm />, { store, path: '/', route: '/' });
  return userEvent.setup();
}

describe('the address form refused', () => {
  it('moves focus to the first field in error when nothing is filled in, and sends nothing', async () => {
    const user = setup();
    const add = screen.getByRole('button', { name: /Add address/i });
    await user.click(add);
    const street = screen.getByRole('textbox', { name: /Street/ });
    await waitFor(() => expect(street).toHaveFocus());
    expect(street).toHaveAttribute('aria-invalid', 'true');
    expect(server.sent('PUT', '/api/user/add-address')).toHaveLength(0);
  });

  it('moves focus to the first field still in error, past those now filled in', async () => {
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: /Street/ }), '1 Harbourside');
    await user.selectOptions(screen.getByRole('combobox', { name: /City/ }), 'Bristol');
    await user.click(screen.getByRole('button', { name: /Add address/i }));
    const state = screen.getByRole('textbox', { name: /State/ });
    await waitFor(() => expect(state).toHaveFocus());
    expect(server.sent('PUT', '/api/user/add-address')).toHaveLength(0);
  });
});
