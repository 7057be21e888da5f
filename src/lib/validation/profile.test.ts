import { describe, expect, it } from 'vitest';
import { isProfileComplete, listingBlock } from './profile.ts';

const full = { name: 'Ann', email: 'a@b.co', mobile: '+15550100', profileImage: { key: 'k' }, address: '1 Road' };

describe('isProfileComplete', () => {
  it('needs name, email, mobile, profile image and address', () => {
    expect(isProfileComplete(full)).toBe(true);
    for (const field of Object.keys(full)) {
      expect(isProfileComplete({ ...full, [field]: null })).toBe(false);
      expect(isProfileComplete({ ...full, [field]: undefined })).toBe(false);
    }
  });

  it('does not count blank text as set', () => {
    expect(isProfileComplete({ ...full, address: '  ' })).toBe(false);
    expect(isProfileComplete({ ...full, profileImage: '' })).toBe(false);
  });

  it('accepts the image under its API name, profile', () => {
    const { profileImage: _, ...rest } = full;
    expect(isProfileComplete({ ...rest, profile: 'https://example.com/p.jpg' })).toBe(true);
  });
});

describe('listingBlock', () => {
  it('blocks an incomplete profile first', () => {
    expect(listingBlock({ ...full, mobile: '' }, false)).toBe('profile_incomplete');
    expect(listingBlock({ ...full, mobile: '', verificationStatus: 'failed' }, true)).toBe('profile_incomplete');
  });

  it('ignores verification when the setting does not require it', () => {
    expect(listingBlock({ ...full, verificationStatus: 'initial' }, false)).toBeNull();
  });

  it('needs status success when the setting requires verification', () => {
    expect(listingBlock({ ...full, verificationStatus: 'success' }, true)).toBeNull();
    expect(listingBlock({ ...full, verificationStatus: 'pending' }, true)).toBe('verification_pending');
    expect(listingBlock({ ...full, verificationStatus: 'failed' }, true)).toBe('verification_failed');
    expect(listingBlock({ ...full, verificationStatus: 'initial' }, true)).toBe('verification_required');
    expect(listingBlock(full, true)).toBe('verification_required');
  });
});
