import { describe, expect, it } from 'vitest';
import { onMobileData } from './connection';

describe('onMobileData: the lighter photos?', () => {
  it("on mobile data, with the browser's data saver, or on a slow link", () => {
    expect(onMobileData({ type: 'cellular' })).toBe(true);
    expect(onMobileData({ type: 'wifi', saveData: true })).toBe(true);
    expect(onMobileData({ effectiveType: '3g' })).toBe(true);
    expect(onMobileData({ effectiveType: 'slow-2g' })).toBe(true);
  });

  it('not on Wi-Fi or a cable at full speed, nor when the browser says nothing', () => {
    expect(onMobileData({ type: 'wifi', effectiveType: '4g' })).toBe(false);
    expect(onMobileData({ type: 'ethernet' })).toBe(false);
    expect(onMobileData({})).toBe(false);
    expect(onMobileData(undefined)).toBe(false);
  });
});
