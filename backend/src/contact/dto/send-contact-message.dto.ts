import { CONTACT_FIELD_LIMITS } from '@larder/shared-domain';
import { EmailField, TextField } from '../../common/api-field';

export class SendContactMessageDto {
  @TextField({ maxLength: CONTACT_FIELD_LIMITS.name, description: 'Sender name', example: 'Jane Smith' })
  name!: string;

  @EmailField({ description: 'Sender e-mail address (replies go there)' })
  email!: string;

  @TextField({
    maxLength: CONTACT_FIELD_LIMITS.phone,
    description: 'Sender phone number',
    example: '07700 900123',
  })
  phone!: string;

  @TextField({
    maxLength: CONTACT_FIELD_LIMITS.message,
    description: 'The message',
    example: 'Do you deliver on Sundays?',
  })
  message!: string;
}
