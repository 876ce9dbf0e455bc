import { ResponseField } from '../../common/api-field';
import { UserDto } from '../../users/dto/user.response';

/** The customer session check: the signed-in customer, or `success: false` for a visitor without a session. */
export class SessionCheckResponse {
  @ResponseField({
    type: Boolean,
    example: true,
    description: 'true with the customer; false for a visitor who sent no session cookie',
  })
  success: boolean;

  @ResponseField({
    type: UserDto,
    required: false,
    description: 'The signed-in customer (absent for a visitor)',
  })
  user?: UserDto;
}
