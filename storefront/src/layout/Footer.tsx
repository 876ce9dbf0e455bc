import { londonYear, shopSignature } from '@larder/shared-domain';
import { Link } from 'react-router-dom';
import { BusinessDetails, useShopBusiness } from '../components/BusinessDetails';

interface FooterLink {
  text: string;
  to: string;
  external?: boolean;
}

const GROUPS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Quick Links',
    links: [
      { text: 'Home', to: '/home' },
      { text: 'All Products', to: '/products' },
      { text: 'Contact Us', to: '/contact-us' },
    ],
  },
  {
    title: 'Need help?',
    links: [
      { text: 'Terms & Conditions', to: '/terms-and-conditions' },
      { text: 'Cookie Policy', to: '/cookie-policy' },
      { text: 'Privacy Policy', to: '/privacy-policy' },
    ],
  },
  {
    title: 'Follow Us',
    links: [
      { text: 'Facebook', to: '/under-construction' },
      { text: 'Instagram', to: 'https://www.instagram.com/', external: true },
    ],
  },
];

const linkClass = 'rounded-sm text-gray-600 hover:text-primary hover:underline';

/**
 * The copyright line, naming the shop by its saved business details. Its own component: the footer itself reads
 * nothing from the store, so the business details arriving draw only this line again.
 */
function Copyright() {
  const business = useShopBusiness();
  // The year in the shop's time zone, as the server rendered it; across New Year's midnight the browser's
  // reading may differ, which is no reason to warn.
  return (
    <p className="border-t border-gray-200 py-4 text-center text-sm text-gray-600" suppressHydrationWarning>
      © {londonYear(new Date())} {shopSignature(business)}. All rights reserved.
    </p>
  );
}

export function Footer() {
  return (
    <footer className="below-fold mt-16 border-t border-gray-200 bg-primary-soft/40 px-4 sm:px-6 md:px-16 lg:px-24 xl:px-32">
      <div className="flex flex-col justify-between gap-10 py-10 md:flex-row">
        <div className="max-w-sm">
          <Link to="/" className="text-2xl font-bold text-primary">
            Larder
          </Link>
          <p className="mt-4 text-sm text-gray-600">
            Fresh groceries and everyday essentials from London, delivered to your door in Bristol, Cardiff,
            Somerset and Swindon.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:w-[55%] md:gap-5">
          {GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="mb-3 text-base font-semibold text-gray-900">{group.title}</h2>
              <ul className="space-y-1.5 text-sm">
                {group.links.map((link) => (
                  <li key={link.text}>
                    {link.external ? (
                      <a href={link.to} target="_blank" rel="noopener noreferrer" className={linkClass}>
                        {link.text}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      <Link to={link.to} className={linkClass}>
                        {link.text}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <BusinessDetails className="pb-4 text-center text-sm text-gray-600" />
      <Copyright />
    </footer>
  );
}
