import { EmailField, TextField } from '../../common/api-field';

export class DevIdTokenDto {
  @EmailField({ description: 'The e-mail address to sign in as' })
  email: string;

  @TextField({ description: 'Given name claim', required: false, maxLength: 100, example: 'Jane' })
  firstName?: string;

  @TextField({ description: 'Family name claim', required: false, maxLength: 100, example: 'Smith' })
  lastName?: string;
}
