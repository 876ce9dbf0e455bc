import { TextField } from '../../common/api-field';

export class GoogleLoginDto {
  @TextField({
    description: 'The Google ID token (a JWT) from Google sign-in or the development identity provider',
    maxLength: 8192,
  })
  tokenId: string;

  @TextField({
    description: 'Sign-up only: first name (falls back to the name on the Google account)',
    required: false,
    nullable: true,
    maxLength: 100,
    example: 'Jane',
  })
  firstName?: string | null;

  @TextField({
    description: 'Sign-up only: last name (falls back to the name on the Google account)',
    required: false,
    nullable: true,
    maxLength: 100,
    example: 'Smith',
  })
  lastName?: string | null;

  @TextField({
    description: 'Sign-up only: a UK phone number',
    required: false,
    nullable: true,
    maxLength: 30,
    example: '07700 900123',
  })
  phone?: string | null;
}
