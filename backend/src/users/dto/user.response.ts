import { MESSAGES } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';
import { AddressDto } from './address.dto';

/** A customer account as the API shows it (is-auth, google-login, profile). */
export class UserDto {
  @ResponseField({ format: 'uuid' })
  _id: string;

  @ResponseField({ example: 'Jane' })
  firstName: string;

  @ResponseField({ example: 'Smith' })
  lastName: string;

  @ResponseField({ format: 'email', example: 'jane@example.com' })
  email: string;

  @ResponseField({ type: String, nullable: true, example: '07700 900123' })
  phone: string | null;

  @ResponseField({
    type: 'object',
    description: 'The cart: product id to quantity (1-99)',
    additionalProperties: { type: 'integer', minimum: 1, maximum: 99 },
    example: { '3f1c2b9e-4d5a-4c8e-9f10-2a3b4c5d6e7f': 2 },
  })
  cartItems: Record<string, number>;

  @ResponseField({ type: AddressDto, isArray: true })
  addresses: AddressDto[];

  @ResponseField({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Id of the default address (the first address unless another was chosen), or null',
  })
  defaultAddress: string | null;
}

export class UserResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ type: UserDto })
  user: UserDto;
}

export class ProfileResponse extends UserResponse {}

export class DeleteAccountResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ example: MESSAGES.accountDeleted })
  message: string;
}
