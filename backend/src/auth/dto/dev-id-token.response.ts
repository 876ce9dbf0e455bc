import { ResponseField } from '../../common/api-field';

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
