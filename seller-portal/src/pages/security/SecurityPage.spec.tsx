import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { renderWithApi, server } from '../../../test/render';
import { SellerPortal } from '../../SellerPortal';

const mounted = (
  <Routes>
    <Route path="/seller/*" element={<SellerPortal />} />
  </Routes>
);
const seller = { email: 'seller@larder.local', password: 'larder-seller' };

describe('Security: two-factor sign-in', () => {
  it('enrols an authenticator with the QR code and the first code, then shows the recovery codes once', async () => {
    const { user, requests } = renderWithApi(mounted, {}, { path: '/seller/security' });
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    const qr = await screen.findByRole('img', { name: 'QR code to add Larder to your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code from the app'), '999999');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(MESSAGES.twoFactorCodeWrong)).toBeInTheDocument();
    expect(server.state.sellerTwoFactor.enabled).toBe(false);

    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(server.state.sellerTwoFactor.recoveryCodes);
    expect(server.state.sellerTwoFactor.enabled).toBe(true);
    expect(requests.filter((r) => r.url === '/api/seller/two-factor/confirm').map((r) => r.body)).toEqual([
      { code: '999999' },
      { code: '123456' },
    ]);

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Two-factor sign-in is on. 10 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns off only with a right code', async () => {
    const { user } = renderWithApi(
      mounted,
      {},
      {
        path: '/seller/security',
        state: { sellerTwoFactor: { enabled: true, code: '654321', recoveryCodes: ['aaaaa-bbbbb'] } },
      },
    );
    expect(await screen.findByText('Two-factor sign-in is on. 1 recovery code left.')).toBeInTheDocument();
    const input = screen.getByLabelText('Code from the app, or a recovery code');
    await user.type(input, '111111');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText(MESSAGES.twoFactorCodeWrong)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(server.state.sellerTwoFactor.enabled).toBe(false);
  });
});

describe('Seller login with two-factor sign-in on', () => {
  const state = {
    seller: false,
    sellerCredentials: seller,
    sellerTwoFactor: { enabled: true, code: '246810', recoveryCodes: ['abcde-fghij'] },
  };

  it('asks for the code after the password, says when it is wrong, and opens the portal with the right one', async () => {
    const { user, requests } = renderWithApi(mounted, {}, { path: '/seller/orders', state });
    await user.type(await screen.findByLabelText(/Email/), seller.email);
    await user.type(screen.getByLabelText(/Password/), seller.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeInTheDocument();
    expect(server.state.seller).toBe(false);
    await user.type(screen.getByLabelText(/Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.twoFactorCodeWrong)).toBeInTheDocument();
    expect(screen.getByLabelText(/Code/)).toHaveValue('');

    await user.type(screen.getByLabelText(/Code/), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/seller/login/code').map((r) => r.body)).toEqual([
      { code: '000000' },
      { code: 'abcde-fghij' },
    ]);
  });

  it('goes back to the password when the first step has expired', async () => {
    const { user } = renderWithApi(mounted, {}, { path: '/seller', state });
    await user.type(await screen.findByLabelText(/Email/), seller.email);
    await user.type(screen.getByLabelText(/Password/), seller.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 });
    server.state.sellerAwaitingCode = false;
    await user.type(screen.getByLabelText(/Code/), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.twoFactorSignInExpired)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Seller Login', level: 1 })).toBeInTheDocument();
  });

  it("reads the answer's code, not its words: an expired first step however worded, a wrong code kept", async () => {
    const { user } = renderWithApi(mounted, {}, { path: '/seller', state });
    await user.type(await screen.findByLabelText(/Email/), seller.email);
    await user.type(screen.getByLabelText(/Password/), seller.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 });
    // The expired step's words, but the code of a wrong code: the seller stays on the code step.
    server.on('POST', '/api/seller/login/code', {
      status: 401,
      body: {
        success: false,
        message: MESSAGES.twoFactorSignInExpired,
        code: ERROR_CODES.TWO_FACTOR_CODE_WRONG,
      },
    });
    await user.type(screen.getByLabelText(/Code/), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.twoFactorSignInExpired)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeInTheDocument();
    // Reworded, with the expired step's code: back to the password.
    server.on('POST', '/api/seller/login/code', {
      status: 401,
      body: { success: false, message: 'Please sign in again', code: ERROR_CODES.TWO_FACTOR_SIGN_IN_EXPIRED },
    });
    await user.type(screen.getByLabelText(/Code/), '135790');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Seller Login', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Please sign in again')).toBeInTheDocument();
  });
});
