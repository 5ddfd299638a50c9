import { describe, it, expect } from 'vitest';
import * as limits from '../../../core/catalog/limits';

describe('limits', () => {
  // Each number as SPEC sections 2 and 9 state it.
  it.each([
    ['MAX_FILE_BYTES', 10 * 1024 * 1024],
    ['MAX_PIXELS', 50_000_000],
    ['STAGING_CREDITS', 5],
    ['STAGING_IMAGE_COUNT', 1],
    ['STAGING_BUDGET_MIN_EUR', 0],
    ['STAGING_BUDGET_MAX_EUR', 5000],
    ['STAGING_BUDGET_STEP_EUR', 50],
    ['TIP_ROTATION_MS', 4000],
    ['COUNTDOWN_TICK_MS', 1000],
    ['TESTIMONIAL_ROTATION_MS', 15_000],
    ['DEFAULT_ESTIMATE_SECONDS', 60],
    ['SLIDER_START_PERCENT', 50],
    ['SLIDER_MIN_PERCENT', 10],
    ['SLIDER_MAX_PERCENT', 90],
    ['ANALYSIS_THUMBNAILS_MAX', 6],
    ['COLLAPSED_LIST_COUNT', 3],
    ['WORKFLOW_STEPS', 5],
    ['PROGRESS_MIN_PERCENT', 5],
    ['RIPPLE_AFTER_UPLOAD_MS', 800],
    ['RIPPLE_AFTER_DRAG_LEAVE_MS', 300],
    ['CREDITS_REFRESH_DELAY_MS', 1000],
    ['AIRBNB_IMPORT_MAX', 10],
    ['BOOKING_IMPORT_MAX', 20],
    ['AIRBNB_MIN_ID_DIGITS', 8],
    ['STARTING_CREDITS', 10],
    ['MODE_CREDITS_MIN', 1],
    ['MODE_CREDITS_MAX', 5],
  ] as const)('%s = %i', (name, value) => {
    expect(limits[name]).toBe(value);
  });

  it('accepts exactly PNG, JPEG and WEBP', () => {
    expect([...limits.ACCEPTED_MIME_TYPES].sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(limits.ACCEPTED_FILE_EXTENSIONS).toEqual(['.jpg', '.jpeg', '.png', '.webp']);
  });

  it('has a staging budget default inside the slider, on its steps', () => {
    const { min, max } = limits.STAGING_BUDGET_DEFAULT_EUR;
    expect({ min, max }).toEqual({ min: 0, max: 2000 });
    for (const v of [min, max]) {
      expect(v).toBeGreaterThanOrEqual(limits.STAGING_BUDGET_MIN_EUR);
      expect(v).toBeLessThanOrEqual(limits.STAGING_BUDGET_MAX_EUR);
      expect(v % limits.STAGING_BUDGET_STEP_EUR).toBe(0);
    }
  });

  it('lists the staging styles of SPEC section 9', () => {
    expect(limits.STAGING_STYLES).toEqual(['auto', 'modern', 'classic', 'minimal', 'cozy']);
  });

  it('prefers the largest Booking.com photo size', () => {
    expect(limits.BOOKING_SIZE_PREFERENCE).toEqual(['max1920x1080', 'max1280x900', 'max1024x768']);
  });

  it('keeps the slider start between its clamps and the product decisions sane', () => {
    expect(limits.SLIDER_MIN_PERCENT).toBeLessThan(limits.SLIDER_START_PERCENT);
    expect(limits.SLIDER_START_PERCENT).toBeLessThan(limits.SLIDER_MAX_PERCENT);
    expect(limits.MAX_UPLOAD_FILES).toBeGreaterThanOrEqual(limits.BOOKING_IMPORT_MAX);
    expect(limits.MAX_RECOMMENDED_MODES).toBeGreaterThanOrEqual(2);
  });
});
