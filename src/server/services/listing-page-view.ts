import { whatsappNumber } from '../../lib/listing-facts.ts';
import { formatPrice, toMinor, type PriceSettings } from '../../lib/money.ts';
import { defaultMortgageFor } from '../../lib/mortgage.ts';
import { urls } from '../../lib/urls.ts';
import type { PropertyDetail } from './property-detail-service.ts';

/**
 * What the listing page shows beyond the listing itself: the key facts (the detail reads them from the parameters),
 * a monthly payment on the calculator's default terms (a sale only) and the ways to reach the owner by phone. Phone links exist only where the detail carries the owner's number, which it does for the viewers allowed
 * to see it (ownerCardView).
 */
export function listingPageView(
  detail: Pick<
    PropertyDetail,
    'bedrooms' | 'bathrooms' | 'area' | 'price_per_area_label' | 'price' | 'property_type' | 'owner'
  >,
  prices: PriceSettings,
  whatsappText: string,
) {
  const forSale = detail.property_type === 'sell' && detail.price > 0;
  const mortgage = forSale ? defaultMortgageFor(detail.price) : null;
  const mobile = detail.owner.mobile?.trim() || null;
  const whatsapp = mobile ? whatsappNumber(mobile) : null;
  return {
    bedrooms: detail.bedrooms,
    bathrooms: detail.bathrooms,
    area: detail.area,
    pricePerArea: detail.price_per_area_label,
    monthlyEstimate: mortgage && {
      amount: formatPrice(toMinor(mortgage.monthlyEmi), { ...prices, numberWithSuffix: false }),
      calculatorHref: `${urls.mortgageCalculator()}?${mortgage.query}`,
    },
    callHref: mobile ? `tel:${mobile.replace(/[^\d+]/g, '')}` : null,
    whatsappHref: whatsapp ? `https://wa.me/${whatsapp}?text=${encodeURIComponent(whatsappText)}` : null,
  };
}
export type ListingPageView = ReturnType<typeof listingPageView>;
