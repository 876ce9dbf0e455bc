import { EmailField, ResponseField } from '../../common/api-field';

export class CheckEmailDto {
  @EmailField({ description: 'The e-mail address to look up' })
  email: string;
}

export class CheckEmailResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ description: 'Whether an account with this e-mail exists', example: false })
  exists: boolean;
}
