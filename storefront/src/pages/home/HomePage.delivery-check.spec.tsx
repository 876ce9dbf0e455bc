import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@larder/shared-domain';
import { setupMockApi } from '@larder/shared-state/testing';
import HomePage from './HomePage';
import { createTestStore, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

function setup() {
  renderPage(<HomePage />, { store: createTestStore(server), path: '/', route: '/' });
  return userEvent.setup();
}

describe('HomePage postcode checker', () => {
  it('asks nothing until a postcode is checked, then names the city it is delivered as', async () => {
    const user = setup();
    await screen.findByRole('heading', { name: 'Categories' });
    expect(server.sent('GET', '/api/delivery/check')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: MESSAGES.deliveryCheckLabel }), 'bs8 1tl');
    await user.click(screen.getByRole('button', { name: MESSAGES.deliveryCheckButton }));

    expect(await screen.findByText('We deliver to BS8 1TL (Bristol).')).toHaveAttribute('role', 'status');
    expect(server.sent('GET', '/api/delivery/check').map((r) => r.params)).toEqual([{ postcode: 'BS8 1TL' }]);
  });

  it('says when the shop does not deliver to a postcode yet', async () => {
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: MESSAGES.deliveryCheckLabel }), 'SW1A 1AA');
    await user.click(screen.getByRole('button', { name: MESSAGES.deliveryCheckButton }));
    expect(await screen.findByText('We do not deliver to SW1A 1AA yet.')).toBeInTheDocument();
  });

  it('follows the seller’s delivery area', async () => {
    server.seed({ deliveryAreas: { Bristol: ['BS1'], Cardiff: ['CF'], Somerset: [], Swindon: ['SN'] } });
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: MESSAGES.deliveryCheckLabel }), 'BS8 1TL');
    await user.click(screen.getByRole('button', { name: MESSAGES.deliveryCheckButton }));
    expect(await screen.findByText('We do not deliver to BS8 1TL yet.')).toBeInTheDocument();
  });

  it('refuses text that is not a postcode beside the field, asking nothing', async () => {
    const user = setup();
    const input = screen.getByRole('textbox', { name: MESSAGES.deliveryCheckLabel });
    await user.type(input, 'Bristol');
    await user.click(screen.getByRole('button', { name: MESSAGES.deliveryCheckButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidPostcode);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(server.sent('GET', '/api/delivery/check')).toHaveLength(0);
  });
});
