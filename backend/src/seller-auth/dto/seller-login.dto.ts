import { EmailField, TextField } from '../../common/api-field';

export class SellerLoginDto {
  @EmailField({ description: 'The seller e-mail (SELLER_EMAIL)', example: 'seller@larder.local' })
  email: string;

  @TextField({
    description: 'The seller password (SELLER_PASSWORD)',
    maxLength: 256,
    trim: false,
    example: 'larder-seller',
  })
  password: string;
}
