import { ResponseField } from '../../common/api-field';

export class CheckEmailResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ description: 'Whether an account with this e-mail exists', example: false })
  exists: boolean;
}
