import { MESSAGES } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';

export class SellerLoginResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ example: MESSAGES.sellerLoggedIn })
  message: string;

  @ResponseField({
    description:
      'True when two-factor sign-in is on: no session yet; send the authenticator code to POST /api/seller/login/code',
    example: false,
  })
  twoFactorRequired: boolean;
}
