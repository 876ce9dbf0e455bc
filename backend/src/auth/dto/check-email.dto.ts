import { EmailField } from '../../common/api-field';

export class CheckEmailDto {
  @EmailField({ description: 'The e-mail address to look up' })
  email: string;
}
