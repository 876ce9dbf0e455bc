import { MESSAGES } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';

export class SellerLoginResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ example: MESSAGES.sellerLoggedIn })
  message: string;
}
