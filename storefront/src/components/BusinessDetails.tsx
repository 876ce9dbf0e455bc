import { useGetBusinessDetailsQuery, type BusinessDetailsView } from '@larder/shared-state';

/**
 * The business details the seller saved, or null until they are saved (and while they load). Server-rendered
 * pages carry them (the storefront's server entry loads them with every page), so the first paint names the shop.
 */
export function useShopBusiness(): BusinessDetailsView | null {
  return useGetBusinessDetailsQuery().data?.business ?? null;
}

/**
 * Who the shop is, as the business details the seller saved give them (nothing until they are saved): the
 * name, geographic address, e-mail address, telephone and the company and VAT registration numbers that the
 * Electronic Commerce Regulations 2002 (reg. 6) ask an online shop to show. Shown in the footer and the terms.
 */
export function BusinessDetails({ className }: { className?: string }) {
  const business = useShopBusiness();
  if (!business) return null;
  return (
    <p className={className}>
      Larder is run by {business.legalName}, {business.address}. E-mail{' '}
      <a href={`mailto:${business.email}`} className="underline">
        {business.email}
      </a>
      , telephone {business.phone}.
      {business.companyNumber ? ` Company number ${business.companyNumber}.` : ''}
      {business.vatNumber ? ` VAT registration number ${business.vatNumber}.` : ''}
    </p>
  );
}
