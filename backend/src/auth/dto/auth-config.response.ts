import { ResponseField } from '../../common/api-field';

export class AuthConfigResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({
    type: String,
    nullable: true,
    description: 'The Google OAuth client id for Google sign-in, or null when it is not configured',
  })
  googleClientId: string | null;

  @ResponseField({
    description: 'Whether the development identity provider (POST /api/auth/dev/id-token) is on',
  })
  devSignIn: boolean;

  @ResponseField({ description: 'Whether the Google redirect flow (GET /api/auth/google) is available' })
  googleRedirect: boolean;
}
