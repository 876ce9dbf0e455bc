import { MESSAGES } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';
import { UserDto } from '../../users/dto/user.response';

export class GoogleLoginResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ example: MESSAGES.loggedInWithGoogle })
  message: string;

  @ResponseField({ type: UserDto })
  user: UserDto;
}
