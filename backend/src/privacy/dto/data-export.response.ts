import { ResponseField } from '../../common/api-field';
import { ContactMessageView } from '../../contact/dto/contact.response';
import { NewsletterSubscriberView } from '../../newsletter/dto/newsletter.response';
import { OrderView } from '../../orders/dto/order.response';
import { ProductDto } from '../../catalog/dto/product.response';
import { StandingOrderView } from '../../regulars/dto/regulars.response';
import { UserDto } from '../../users/dto/user.response';

/** Everything the shop holds about one customer (UK GDPR, right of access), as one JSON file. */
export class DataExportResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ type: String, format: 'date-time' })
  exportedAt: string;

  @ResponseField({ type: UserDto, description: 'The account: name, e-mail, phone, addresses and cart' })
  profile: UserDto;

  @ResponseField({ type: [OrderView], description: 'Every order, with its lines' })
  orders: OrderView[];

  @ResponseField({
    type: [ContactMessageView],
    description: "Messages sent through the contact form from the account's e-mail",
  })
  contactMessages: ContactMessageView[];

  @ResponseField({
    type: NewsletterSubscriberView,
    nullable: true,
    description: "The newsletter subscription of the account's e-mail, or null",
  })
  newsletterSubscription: NewsletterSubscriberView | null;

  @ResponseField({ type: [ProductDto], description: 'The favourite products, newest first' })
  favourites: ProductDto[];

  @ResponseField({ type: [StandingOrderView], description: 'The regular deliveries (standing orders)' })
  standingOrders: StandingOrderView[];
}
