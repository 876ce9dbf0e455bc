import { MESSAGES } from '@larder/shared-domain';
import { TextField } from '../../common/api-field';

export class UpdatePhoneDto {
  @TextField({
    description: 'A UK phone number: 10 or 11 digits starting 0, or +44 / 0044 instead of the 0',
    maxLength: 30,
    example: '07700 900123',
    message: MESSAGES.invalidPhone,
  })
  phone: string;
}
