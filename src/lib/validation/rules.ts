/** Every validation rule of spec section 5, from one import; the modules beside this file hold one topic each. */
export * from './account.ts';
export * from './chat.ts';
export * from './contact.ts';
export * from './fields.ts';
export * from './floors.ts';
export * from './form-data.ts';
export * from './images.ts';
export * from './location.ts';
export * from './messages.ts';
export * from './meta.ts';
export * from './profile.ts';
