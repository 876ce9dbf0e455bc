import { TextField } from '../../common/api-field';

export class TwoFactorCodeDto {
  @TextField({
    description: 'The 6-digit code from the authenticator app, or one of the recovery codes',
    maxLength: 32,
    example: '123456',
  })
  code: string;
}
