import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Footer } from './Footer';

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
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByText(/© 2027 Larder, London, UK\. All rights reserved\./)).toBeInTheDocument();
  });
});
