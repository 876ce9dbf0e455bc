import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { api } from '@larder/shared-state';
import { setupMockApi } from '@larder/shared-state/testing';
import { createTestStore } from '../../test/page-testing';
import { Footer } from './Footer';

const server = setupMockApi();

function renderFooter() {
  const store = createTestStore(server);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('Footer', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it("prints the year in the shop's time zone, whatever the machine's", () => {
    // 03:00 on New Year's Day in London is still New Year's Eve on a machine in New York, whose local
    // calendar (what Date's getters read) says 2026.
    jest.useFakeTimers({ now: new Date('2027-01-01T03:00:00Z') });
    jest.spyOn(Date.prototype, 'getFullYear').mockReturnValue(2026);
    renderFooter();
    expect(screen.getByText(/© 2027 Larder, London, UK\. All rights reserved\./)).toBeInTheDocument();
  });

  it('says who the shop is once the business details are saved', async () => {
    server.seed({
      business: {
        legalName: 'Larder Foods Ltd',
        address: '1 Wine Street, Bristol BS1 2AA',
        email: 'hello@larder.test',
        phone: '0117 496 0000',
        vatNumber: 'GB123456789',
        companyNumber: '01234567',
      },
    });
    renderFooter();
    expect(
      await screen.findByText(/Larder is run by Larder Foods Ltd, 1 Wine Street, Bristol BS1 2AA\./),
    ).toHaveTextContent(
      'telephone 0117 496 0000. Company number 01234567. VAT registration number GB123456789.',
    );
    expect(screen.getByRole('link', { name: 'hello@larder.test' })).toHaveAttribute(
      'href',
      'mailto:hello@larder.test',
    );
    // The copyright line names the business too, not the spec's "London, UK".
    expect(
      screen.getByText(/© \d{4} Larder Foods Ltd, 1 Wine Street, Bristol BS1 2AA\. All rights reserved\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/London, UK/)).not.toBeInTheDocument();
  });

  it('names no business before the details are saved', async () => {
    const store = renderFooter();
    await waitFor(() =>
      expect(api.endpoints.getBusinessDetails.select()(store.getState())).toMatchObject({
        isSuccess: true,
        data: { business: null },
      }),
    );
    expect(screen.queryByText(/Larder is run by/)).not.toBeInTheDocument();
    expect(screen.getByText(/© \d{4} Larder, London, UK\. All rights reserved\./)).toBeInTheDocument();
  });
});
