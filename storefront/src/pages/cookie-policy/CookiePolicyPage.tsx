import { LegalPage, LegalSection } from '../../components/LegalPage';

export default function CookiePolicyPage() {
  return (
    <LegalPage
      title="Cookie Policy"
      updated="November 2026"
      intro={
        <p>
          This policy explains how Larder uses cookies and similar technologies on this website, in line with
          the Privacy and Electronic Communications Regulations (PECR) and UK GDPR.
        </p>
      }
    >
      <LegalSection heading="What cookies are">
        <p>
          Cookies are small text files a website stores in your browser. They let the site remember you
          between pages and visits.
        </p>
      </LegalSection>
      <LegalSection heading="Cookies we use">
        <p>We only use cookies that are strictly necessary for the shop to work:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Sign-in cookie</strong>: keeps you signed in to your customer account so your cart,
            addresses and orders are available. It is secure, cannot be read by page scripts, and expires when
            you log out or after a period of inactivity.
          </li>
          <li>
            <strong>Seller sign-in cookie</strong>: used only in the seller area, for the same purpose.
          </li>
        </ul>
        <p>
          When you choose to sign in with Google, Google may set its own cookies under its own policy. We do
          not use advertising or tracking cookies.
        </p>
      </LegalSection>
      <LegalSection heading="Managing cookies">
        <p>
          Because these cookies are essential, they do not need your consent. You can still block or delete
          them in your browser settings, but you will not be able to sign in or place orders without them.
        </p>
      </LegalSection>
      <LegalSection heading="Changes">
        <p>
          If we ever add other cookies, we will update this page and ask for your consent where the law
          requires it.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
