import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import { effectiveAdState, storeAdvertisementSchema } from './advertisement-service.ts';

const now = new Date('2025-06-01T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe('effectiveAdState', () => {
  it('keeps an approved advertisement approved until its end, then expired from the end on', () => {
    expect(effectiveAdState({ status: 'approved', endsAt: at(1) }, now)).toBe('approved');
    expect(effectiveAdState({ status: 'approved', endsAt: at(0) }, now)).toBe('expired');
    expect(effectiveAdState({ status: 'approved', endsAt: at(-1) }, now)).toBe('expired');
  });

  it('leaves every other state as stored', () => {
    expect(effectiveAdState({ status: 'pending', endsAt: null }, now)).toBe('pending');
    expect(effectiveAdState({ status: 'rejected', endsAt: null }, now)).toBe('rejected');
    expect(effectiveAdState({ status: 'expired', endsAt: at(-1) }, now)).toBe('expired');
    // Pending with an end (never written by the app) is still pending: only approval starts the clock.
    expect(effectiveAdState({ status: 'pending', endsAt: at(-1) }, now)).toBe('pending');
  });
});

describe('storeAdvertisementSchema', () => {
  it('reads the id that matches feature_for, from form strings too', () => {
    expect(storeAdvertisementSchema.parse({ feature_for: 'property', property_id: '7', project_id: '' })).toEqual({
      feature_for: 'property',
      property_id: 7,
    });
    expect(storeAdvertisementSchema.parse({ feature_for: 'project', project_id: 3 })).toEqual({
      feature_for: 'project',
      project_id: 3,
    });
  });

  it('names the field that is wrong', () => {
    const fieldsOf = (input: unknown) => {
      try {
        storeAdvertisementSchema.parse(input);
        return [];
      } catch (error) {
        return (error as ZodError).issues.map((issue) => issue.path.join('.'));
      }
    };
    expect(fieldsOf({ property_id: 1 })).toEqual(['feature_for']);
    expect(fieldsOf({ feature_for: 'agent', property_id: 1 })).toEqual(['feature_for']);
    expect(fieldsOf({ feature_for: 'property', project_id: 1 })).toEqual(['property_id']);
    expect(fieldsOf({ feature_for: 'project', project_id: '0' })).toEqual(['project_id']);
  });
});
