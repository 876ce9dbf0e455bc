import { MESSAGES } from '@larder/shared-domain';
import { NestedField } from '../../common/api-field';
import { AddressInputDto } from './address.dto';

export class AddAddressDto {
  @NestedField(() => AddressInputDto, {
    description: 'The new delivery address',
    message: MESSAGES.fillAllFields,
  })
  address: AddressInputDto;
}
