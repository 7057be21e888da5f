import { pgEnum } from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['user', 'agent', 'admin']);
export const loginType = pgEnum('login_type', ['email', 'phone', 'google']);
export const verificationStatus = pgEnum('verification_status', ['initial', 'pending', 'success', 'failed']);
export const propertyType = pgEnum('property_type', ['sell', 'rent']);
export const rentDuration = pgEnum('rent_duration', ['daily', 'monthly', 'quarterly', 'yearly']);
export const listingStatus = pgEnum('listing_status', ['active', 'inactive', 'sold', 'rented']);
export const adminStatus = pgEnum('admin_status', ['pending', 'approved', 'rejected']);
export const projectType = pgEnum('project_type', ['upcoming', 'under_construction']);
export const fieldType = pgEnum('field_type', [
  'text',
  'number',
  'textarea',
  'dropdown',
  'radiobutton',
  'checkbox',
  'file',
]);
export const reportStatus = pgEnum('report_status', ['open', 'dismissed', 'actioned']);
export const packageFeature = pgEnum('package_feature', [
  'property_list',
  'property_feature',
  'project_list',
  'project_feature',
  'mortgage_calculator_detail',
  'premium_properties',
  'project_access',
]);
export const paymentProvider = pgEnum('payment_provider', [
  'stripe',
  'paypal',
  'paystack',
  'flutterwave',
  'razorpay',
  'bank_transfer',
  'free',
]);
export const paymentStatus = pgEnum('payment_status', ['pending', 'succeeded', 'failed', 'canceled', 'review']);
export const advertisementStatus = pgEnum('advertisement_status', ['pending', 'approved', 'rejected', 'expired']);
export const otpChannel = pgEnum('otp_channel', ['sms', 'email']);
