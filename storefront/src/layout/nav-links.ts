/** The main navigation of the storefront, shared by the navbar and the mobile drawer. */
export const NAV_LINKS = [
  { text: 'Home', to: '/', end: true },
  { text: 'All Product', to: '/products', end: false },
  { text: 'Contact', to: '/contact-us', end: false },
] as const;
