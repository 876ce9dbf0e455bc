import { Link } from 'react-router-dom';
import { SHOP_LOCATION } from '@larder/shared-domain';
import { BusinessDetails, useShopBusiness } from '../../components/BusinessDetails';
import { LegalPage, LegalSection } from '../../components/LegalPage';

export default function TermsPage() {
  const business = useShopBusiness();
  return (
    <LegalPage
      title="Terms and Conditions"
      updated="November 2026"
      intro={
        <p>
          These terms apply when you shop with Larder, an online grocery shop{' '}
          {business ? `run by ${business.legalName}, ${business.address}` : `based in ${SHOP_LOCATION}`},
          delivering to customers in the United Kingdom. By placing an order you agree to them.
        </p>
      }
    >
      <LegalSection heading="1. Ordering">
        <p>
          You need an account to add items to your cart and to place an order. Prices are shown in pounds
          sterling (£) and include the offer price of each item; VAT and any delivery charge are shown in the
          order summary before you confirm.
        </p>
        <p>
          An order is accepted once it appears in{' '}
          <Link to="/my-orders" className="text-primary underline">
            My Orders
          </Link>
          . We may cancel an order if an item has gone out of stock, and we will tell you if we do.
        </p>
      </LegalSection>
      <LegalSection heading="2. Delivery">
        <p>
          We currently deliver to Bristol, Cardiff, Somerset and Swindon. You choose a delivery date and a
          one-hour time slot at checkout. Orders placed before 15:00 (UK time) can be delivered the next day;
          later orders are delivered the day after.
        </p>
        <p>Delivery is free when your basket reaches the free-delivery threshold shown in your cart.</p>
      </LegalSection>
      <LegalSection heading="3. Payment">
        <p>
          We currently accept Cash on Delivery only. Please have the exact amount ready when your order
          arrives.
        </p>
      </LegalSection>
      <LegalSection heading="4. Cancelling an order">
        <p>
          You can cancel a Pending order yourself from My Orders within one hour of placing it. After that,
          please contact us and we will do our best to help.
        </p>
      </LegalSection>
      <LegalSection heading="5. Refunds">
        <p>
          If an item arrives damaged, is missing or is not what you ordered, please report it to us within 30
          minutes of delivery through our{' '}
          <Link to="/contact-us" className="text-primary underline">
            contact form
          </Link>
          , with your order details and, where possible, a photo.
        </p>
        <p>
          Where a refund is due on a card payment, it is returned to the card you paid with within 3-5 working
          days. Refunds on cash payments are arranged with you directly.
        </p>
      </LegalSection>
      <LegalSection heading="6. Privacy">
        <p>
          We use your personal data only to run your account and deliver your orders. Our{' '}
          <Link to="/privacy-policy" className="text-primary underline">
            Privacy Policy
          </Link>{' '}
          and{' '}
          <Link to="/cookie-policy" className="text-primary underline">
            Cookie Policy
          </Link>{' '}
          explain what we collect, why, and the rights you have.
        </p>
      </LegalSection>
      <LegalSection heading="7. Contact">
        <p>
          Questions about these terms? Reach us through the{' '}
          <Link to="/contact-us" className="text-primary underline">
            Contact page
          </Link>
          .
        </p>
        <BusinessDetails />
      </LegalSection>
    </LegalPage>
  );
}
