/**
 * Validation messages are translation keys; the server's envelope and the islands translate them.
 * One list, so the language files can be checked against it (every key here must exist in en.json).
 */
export const validationMessages = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  email: 'validation.email',
  url: 'validation.url',
  phone: 'validation.phone',
  phoneOrEmail: 'validation.phone_or_email',
  phoneOrEmailNotBoth: 'validation.phone_or_email_not_both',
  passwordMin: 'validation.password_min',
  passwordMismatch: 'validation.password_mismatch',
  metaTitleMax: 'validation.meta_title_max',
  metaDescriptionLength: 'validation.meta_description_length',
  metaKeywordsMax: 'validation.meta_keywords_max',
  addressRequired: 'validation.address_required',
  cityRequired: 'validation.city_required',
  stateRequired: 'validation.state_required',
  countryRequired: 'validation.country_required',
  latitudeRequired: 'validation.latitude_required',
  longitudeRequired: 'validation.longitude_required',
  placeNotFound: 'validation.place_not_found',
  latitude: 'validation.latitude',
  longitude: 'validation.longitude',
  imageType: 'validation.image_type',
  imageTooSmall: 'validation.image_too_small',
  otpRequired: 'validation.otp_required',
  propertyType: 'validation.property_type',
  rentDuration: 'validation.rent_duration',
  price: 'validation.price',
  priceMax: 'validation.price_max',
  priceDigits: 'validation.price_digits',
  distance: 'validation.distance',
  videoLink: 'validation.video_link',
} as const;

export type ValidationMessage = (typeof validationMessages)[keyof typeof validationMessages];
