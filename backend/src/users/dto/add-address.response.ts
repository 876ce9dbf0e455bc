import { MESSAGES } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';
import { AddressDto } from './address.dto';

export class AddAddressResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ example: MESSAGES.addressAdded })
  message: string;

  @ResponseField({ type: AddressDto })
  newAddress: AddressDto;
}
