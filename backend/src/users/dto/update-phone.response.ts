import { MESSAGES } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';

export class UpdatePhoneResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ example: MESSAGES.phoneUpdated })
  message: string;

  @ResponseField({ example: '07700 900123', description: 'The number as stored' })
  phone: string;
}
