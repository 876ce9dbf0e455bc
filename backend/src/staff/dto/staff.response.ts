import { STAFF_MESSAGES, STAFF_ROLES, type StaffRole } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';

export class StaffMemberDto {
  @ResponseField({ format: 'uuid' })
  _id: string;

  @ResponseField({ example: 'sam@larder.local' })
  email: string;

  @ResponseField({ example: 'Sam Picker' })
  name: string;

  @ResponseField({ enum: STAFF_ROLES, enumName: 'StaffRole', example: 'picker' })
  role: StaffRole;

  @ResponseField({ description: 'Whether they may sign in', example: true })
  active: boolean;

  @ResponseField({ description: 'Whether their sign-in asks for an authenticator code', example: false })
  twoFactor: boolean;

  @ResponseField({ description: 'A manager who must turn on two-factor sign-in', example: false })
  twoFactorRequired: boolean;

  @ResponseField({ description: 'Their first password is still to be replaced', example: true })
  mustChangePassword: boolean;

  @ResponseField({ format: 'date-time' })
  createdAt: string;
}

export class StaffListResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ type: [StaffMemberDto], description: 'The owner first, then the others by name' })
  staff: StaffMemberDto[];
}

export class StaffMemberResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ required: false, example: STAFF_MESSAGES.staffAdded })
  message?: string;

  @ResponseField({ type: StaffMemberDto })
  staff: StaffMemberDto;
}
