import { EmailField, ResponseField, TextField } from '../../common/api-field';

export class DevIdTokenDto {
  @EmailField({ description: 'The e-mail address to sign in as' })
  email: string;

  @TextField({ description: 'Given name claim', required: false, maxLength: 100, example: 'Jane' })
  firstName?: string;

  @TextField({ description: 'Family name claim', required: false, maxLength: 100, example: 'Smith' })
  lastName?: string;
}

export class DevIdTokenResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ description: 'An RS256 ID token for POST /api/user/google-login (valid for 10 minutes)' })
  tokenId: string;
}

class JsonWebKeyDto {
  @ResponseField({ example: 'RSA' })
  kty: string;

  @ResponseField({ required: false })
  kid?: string;

  @ResponseField({ required: false, example: 'RS256' })
  alg?: string;

  @ResponseField({ required: false, example: 'sig' })
  use?: string;

  @ResponseField({ required: false })
  n?: string;

  @ResponseField({ required: false })
  e?: string;
}

export class JsonWebKeySetResponse {
  @ResponseField({ type: JsonWebKeyDto, isArray: true })
  keys: JsonWebKeyDto[];
}
