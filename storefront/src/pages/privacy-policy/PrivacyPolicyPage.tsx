import { Link } from 'react-router-dom';
import { LegalPage, LegalSection } from '../../components/LegalPage';

/** UK GDPR / Data Protection Act 2018 privacy notice in twelve numbered sections. */
export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 2026"
      intro={
        <p>
          This notice explains how Larder collects and uses your personal data when you use our online grocery
          shop, and the rights you have under the UK General Data Protection Regulation (UK GDPR) and the Data
          Protection Act 2018.
        </p>
      }
    >
      <LegalSection heading="1. Who we are">
        <p>
          Larder is an online grocery shop based in London, UK. Larder is the data controller for the personal
          data described in this notice, which means we decide how and why it is processed.
        </p>
      </LegalSection>
      <LegalSection heading="2. The data we collect">
        <ul className="list-disc space-y-1 pl-6">
          <li>Identity and contact data: first name, last name, email address and phone number.</li>
          <li>Delivery data: the addresses you save (street, city, county, postcode, country).</li>
          <li>Order data: the products you buy, amounts, delivery date and time slot, and order status.</li>
          <li>Cart data: the items and quantities in your cart while you are signed in.</li>
          <li>Messages you send us through the contact form.</li>
          <li>Technical data needed to keep you signed in securely (see our Cookie Policy).</li>
        </ul>
      </LegalSection>
      <LegalSection heading="3. How we collect it">
        <p>
          You give us most of this data directly when you create an account, add an address, place an order or
          contact us. When you sign in with Google, Google confirms your email address and name to us; we do
          not receive your Google password.
        </p>
      </LegalSection>
      <LegalSection heading="4. How and why we use it (lawful bases)">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>Contract</strong>: to create your account, take and deliver your orders and handle
            cancellations and refunds.
          </li>
          <li>
            <strong>Legitimate interests</strong>: to keep the shop secure, prevent fraud and answer your
            messages.
          </li>
          <li>
            <strong>Legal obligation</strong>: to keep the records that tax and accounting law require.
          </li>
          <li>
            <strong>Consent</strong>: for our newsletter, which you can leave at any time.
          </li>
        </ul>
      </LegalSection>
      <LegalSection heading="5. Who we share it with">
        <p>
          We share only what is needed: delivery details with the people who deliver your order, email with
          the service that sends our emails, and sign-in details with Google when you choose to sign in with
          Google. We never sell your personal data.
        </p>
      </LegalSection>
      <LegalSection heading="6. International transfers">
        <p>
          Where a service provider processes data outside the UK, we make sure it is protected by UK adequacy
          regulations or by the International Data Transfer Agreement or Addendum approved by the Information
          Commissioner.
        </p>
      </LegalSection>
      <LegalSection heading="7. How long we keep it">
        <p>
          We keep your account data while your account is open. When you delete your account, we remove your
          personal details; order records are kept without your contact details for six years to meet
          accounting and tax obligations. Contact messages are kept for up to two years.
        </p>
      </LegalSection>
      <LegalSection heading="8. How we protect it">
        <p>
          Data is sent over encrypted connections, access is limited to people who need it, and sign-in
          sessions use secure cookies that page scripts cannot read.
        </p>
      </LegalSection>
      <LegalSection heading="9. Your rights">
        <p>Under UK data protection law you have the right to:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>access the personal data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data erased (you can delete your account from your Profile page at any time);</li>
          <li>restrict or object to our processing;</li>
          <li>data portability;</li>
          <li>withdraw consent at any time, where we rely on consent.</li>
        </ul>
        <p>We will answer a request within one month.</p>
      </LegalSection>
      <LegalSection heading="10. Cookies">
        <p>
          We use only the cookies needed to keep you signed in. Our{' '}
          <Link to="/cookie-policy" className="text-primary underline">
            Cookie Policy
          </Link>{' '}
          gives the details.
        </p>
      </LegalSection>
      <LegalSection heading="11. Complaints">
        <p>
          If you are unhappy with how we handle your data, please tell us first. You also have the right to
          complain to the Information Commissioner&apos;s Office (ICO), the UK supervisory authority, at
          ico.org.uk or on 0303 123 1113.
        </p>
      </LegalSection>
      <LegalSection heading="12. Contact us and changes to this notice">
        <p>
          To exercise your rights or ask a question, write to Larder, London, UK, through our{' '}
          <Link to="/contact-us" className="text-primary underline">
            contact form
          </Link>{' '}
          or at privacy@larder.co.uk. We may update this notice from time to time; the date at the top shows
          the latest version.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
