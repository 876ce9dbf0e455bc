import { EmailField } from '../../common/api-field';

export class SubscribeNewsletterDto {
  @EmailField({ description: 'The address to send offers to' })
  email!: string;
}
