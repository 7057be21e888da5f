import { describe, expect, it } from 'vitest';
import { listingPageView } from './listing-page-view.ts';

const prices = { currencySymbol: '$', currencyCode: 'USD', numberWithSuffix: true };
const owner = (mobile: string | null) => ({
  id: 1,
  name: 'Ada',
  slug_id: 'ada',
  profile: null,
  type: 'agent' as const,
  is_verified: false,
  email: null,
  mobile,
});
const facts = {
  bedrooms: 3,
  bathrooms: null,
  area: { value: 1000, unit: 'sq_ft' as const },
  price_per_area_label: '$300.00',
};
const noFacts = { bedrooms: null, bathrooms: null, area: null, price_per_area_label: null };

describe('listingPageView', () => {
  it('shows the detail’s key facts, and gives a sale a monthly estimate linking to the calculator', () => {
    const view = listingPageView({ ...facts, price: 300_000, property_type: 'sell', owner: owner(null) }, prices, '');
    expect(view).toMatchObject({ bedrooms: 3, bathrooms: null, area: { value: 1000, unit: 'sq_ft' } });
    expect(view.pricePerArea).toBe('$300.00');
    expect(view.monthlyEstimate).toEqual({
      amount: '$1,620.50',
      calculatorHref: '/mortgage-calculator?loan_amount=300000&down_payment=60000&interest_rate=6.5&loan_term_years=25',
    });
  });

  it('gives a rental no monthly estimate', () => {
    const view = listingPageView({ ...noFacts, price: 1500, property_type: 'rent', owner: owner(null) }, prices, '');
    expect(view.monthlyEstimate).toBeNull();
  });

  it('links to a call and a WhatsApp chat only when the detail carries the owner’s number', () => {
    const shown = listingPageView(
      { ...noFacts, price: 1, property_type: 'sell', owner: owner('+44 20 7946 0958') },
      prices,
      'Hello: https://example.com/x',
    );
    expect(shown.callHref).toBe('tel:+442079460958');
    expect(shown.whatsappHref).toBe('https://wa.me/442079460958?text=Hello%3A%20https%3A%2F%2Fexample.com%2Fx');
    // Signed-out viewers' details carry no number (ownerCardView), and an owner may not have given one.
    const hidden = listingPageView({ ...noFacts, price: 1, property_type: 'sell', owner: owner(null) }, prices, '');
    expect(hidden.callHref).toBeNull();
    expect(hidden.whatsappHref).toBeNull();
  });
});
