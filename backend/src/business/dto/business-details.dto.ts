import { MAX_BUSINESS_TEXT_LENGTH } from '@larder/shared-domain';
import { EmailField, ResponseField, TextField } from '../../common/api-field';

/** POST /api/settings/business: who the shop is, as its footer, terms and receipts show it. */
export class BusinessDetailsDto {
  @TextField({
    maxLength: MAX_BUSINESS_TEXT_LENGTH,
    description: 'The legal name of the business (a company, or the trader)',
    example: 'Larder Foods Ltd',
  })
  legalName!: string;

  @TextField({
    maxLength: MAX_BUSINESS_TEXT_LENGTH,
    description: 'The geographic address where the business is established, one line',
    example: '1 Wine Street, Bristol BS1 2AA',
  })
  address!: string;

  @EmailField({ description: 'An e-mail address customers can write to' })
  email!: string;

  @TextField({
    maxLength: 40,
    pattern: /^[+()\d\s-]{7,40}$/,
    description: 'A telephone number',
    example: '0117 496 0000',
  })
  phone!: string;

  @TextField({
    required: false,
    maxLength: 20,
    description:
      'UK VAT registration number (GB and 9 or 12 digits, or GBGD/GBHA and 3); absent when not registered',
    example: 'GB123456789',
  })
  vatNumber?: string;

  @TextField({
    required: false,
    maxLength: 12,
    description: 'Companies House number (8 characters), when the business is a company',
    example: '01234567',
  })
  companyNumber?: string;
}

export class BusinessDetailsView {
  @ResponseField() legalName!: string;
  @ResponseField() address!: string;
  @ResponseField() email!: string;
  @ResponseField() phone!: string;
  @ResponseField({ type: String, nullable: true, example: 'GB123456789' }) vatNumber!: string | null;
  @ResponseField({ type: String, nullable: true, example: '01234567' }) companyNumber!: string | null;
}

export class BusinessDetailsResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({
    type: () => BusinessDetailsView,
    nullable: true,
    description: 'Null until the owner or a manager has saved them',
  })
  business!: BusinessDetailsView | null;
}
