import {
  ASSIGNABLE_STAFF_ROLES,
  MAX_STAFF_NAME_LENGTH,
  STAFF_MESSAGES,
  type AssignableStaffRole,
} from '@larder/shared-domain';
import { BoolField, EmailField, EnumField, TextField } from '../../common/api-field';

export class AddStaffDto {
  @EmailField({ description: 'Their e-mail address, with which they sign in', example: 'sam@larder.local' })
  email: string;

  @TextField({
    description: 'Their name, as the activity log shows it',
    maxLength: MAX_STAFF_NAME_LENGTH,
    example: 'Sam Picker',
    message: STAFF_MESSAGES.nameInvalid,
  })
  name: string;

  @EnumField(ASSIGNABLE_STAFF_ROLES, {
    enumName: 'AssignableStaffRole',
    description: 'What they may do',
    example: 'picker',
    message: STAFF_MESSAGES.roleInvalid,
  })
  role: AssignableStaffRole;

  @TextField({
    description:
      'A first password chosen by the owner (12 characters or more, not a common one); they choose a new one at first sign-in',
    maxLength: 256,
    trim: false,
    example: 'first-crate-of-the-day',
  })
  password: string;
}

export class UpdateStaffDto {
  @TextField({
    required: false,
    maxLength: MAX_STAFF_NAME_LENGTH,
    example: 'Sam Picker',
    message: STAFF_MESSAGES.nameInvalid,
  })
  name?: string;

  @EnumField(ASSIGNABLE_STAFF_ROLES, {
    enumName: 'AssignableStaffRole',
    required: false,
    example: 'driver',
    message: STAFF_MESSAGES.roleInvalid,
  })
  role?: AssignableStaffRole;

  @BoolField({
    required: false,
    description: 'False: they can no longer sign in, and their sessions end at once',
  })
  active?: boolean;

  @BoolField({
    required: false,
    description: 'A manager must turn on two-factor sign-in before anything else',
  })
  twoFactorRequired?: boolean;
}

export class ChangePasswordDto {
  @TextField({ description: 'The password they sign in with now', maxLength: 256, trim: false })
  currentPassword: string;

  @TextField({
    description: 'The new password (12 characters or more, not a common one)',
    maxLength: 256,
    trim: false,
  })
  newPassword: string;
}
