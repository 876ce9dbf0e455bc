import { MESSAGES } from '@larder/shared-domain';
import { NestedField, ResponseField } from '../../common/api-field';
import { AddressDto, AddressInputDto } from './address.dto';

export class AddAddressDto {
  @NestedField(() => AddressInputDto, {
    description: 'The new delivery address',
    message: MESSAGES.fillAllFields,
  })
  address: AddressInputDto;
}

export class AddAddressResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ example: MESSAGES.addressAdded })
  message: string;

  @ResponseField({ type: AddressDto })
  newAddress: AddressDto;
}
