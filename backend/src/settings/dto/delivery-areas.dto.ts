import { MAX_DELIVERY_AREAS_PER_CITY, MESSAGES } from '@larder/shared-domain';
import { NestedField, TextListField } from '../../common/api-field';

function CityAreasField(city: string, example: string[]): PropertyDecorator {
  return TextListField({
    description: `Postcode areas ("BS") or districts ("BS8") delivered to as ${city}; empty for none`,
    maxItems: MAX_DELIVERY_AREAS_PER_CITY,
    maxLength: 4,
    example,
    message: MESSAGES.invalidDeliveryAreas,
  });
}

/** Where the shop delivers, for each delivery city. */
export class DeliveryAreasDto {
  @CityAreasField('Bristol', ['BS'])
  Bristol: string[];

  @CityAreasField('Cardiff', ['CF'])
  Cardiff: string[];

  @CityAreasField('Somerset', ['BA', 'TA', 'BS'])
  Somerset: string[];

  @CityAreasField('Swindon', ['SN'])
  Swindon: string[];
}

export class UpdateDeliveryAreasDto {
  @NestedField(() => DeliveryAreasDto, {
    description: 'The postcode areas or districts delivered to, for every delivery city',
    message: MESSAGES.invalidDeliveryAreas,
  })
  areas: DeliveryAreasDto;
}
