import { MESSAGES, STAFF_ROLES, type StaffRole } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';

export class SellerLoginResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ example: MESSAGES.sellerLoggedIn })
  message: string;

  @ResponseField({
    description:
      'True when two-factor sign-in is on: no session yet; send the authenticator code to POST /api/seller/login/code',
    example: false,
  })
  twoFactorRequired: boolean;

  @ResponseField({
    required: false,
    description:
      'Once signed in: true (else absent) while the first password chosen by the owner is to be replaced (POST /api/seller/password)',
    example: false,
  })
  mustChangePassword?: boolean;
}

/** Who is signed in to the seller area. */
export class SignedInStaffDto {
  @ResponseField({ format: 'uuid' })
  _id: string;

  @ResponseField({ example: 'Sam Picker' })
  name: string;

  @ResponseField({ example: 'picker@larder.local' })
  email: string;

  @ResponseField({ enum: STAFF_ROLES, enumName: 'StaffRole', example: 'picker' })
  role: StaffRole;

  @ResponseField({
    description: 'True until the first password is replaced: every other seller call answers 403',
    example: false,
  })
  mustChangePassword: boolean;

  @ResponseField({
    description:
      'A manager the owner requires to use two-factor sign-in, not yet enrolled: every call but enrolling answers 403',
    example: false,
  })
  mustEnrolTwoFactor: boolean;
}

export class SellerIsAuthResponse {
  @ResponseField({
    type: Boolean,
    example: true,
    description: 'true with the member signed in; false for a visitor who sent no seller session',
  })
  success: boolean;

  @ResponseField({
    type: SignedInStaffDto,
    required: false,
    description: 'The member signed in (absent for a visitor)',
  })
  staff?: SignedInStaffDto;
}
