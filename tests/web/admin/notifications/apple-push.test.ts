import { describe, expect, it } from 'vitest';
import {
  applePushHelp,
  type AppleBrowser,
} from '../../../../src-web/admin/features/notifications/apple-push.ts';

const SAFARI_IPHONE = (os: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${os.replace('_', '.')} Mobile/15E148 Safari/604.1`;
// iPadOS asks for the desktop site by default: it says it is a Mac, with a touch screen.
const SAFARI_IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

function browser(overrides: Partial<AppleBrowser>): AppleBrowser {
  return {
    userAgent: SAFARI_IPHONE('17_4'),
    maxTouchPoints: 5,
    standalone: false,
    displayStandalone: false,
    pushSupported: false,
    ...overrides,
  };
}

describe('push help on iPhone and iPad', () => {
  it('in Safari on iOS 16.4 and later, says to add the inbox to the home screen', () => {
    expect(applePushHelp(browser({}))).toEqual({ kind: 'add-to-home-screen' });
    expect(applePushHelp(browser({ userAgent: SAFARI_IPHONE('16_4') }))).toEqual({
      kind: 'add-to-home-screen',
    });
    expect(applePushHelp(browser({ userAgent: SAFARI_IPAD_AS_MAC }))).toEqual({
      kind: 'add-to-home-screen',
    });
  });

  it('before iOS 16.4, says push cannot be had, even from the home screen', () => {
    expect(applePushHelp(browser({ userAgent: SAFARI_IPHONE('16_3') }))).toEqual({
      kind: 'too-old',
      version: '16.3',
    });
    expect(applePushHelp(browser({ userAgent: SAFARI_IPHONE('15_6'), standalone: true }))).toEqual({
      kind: 'too-old',
      version: '15.6',
    });
  });

  it('says nothing where push works, from the home screen, or on a Mac or elsewhere', () => {
    expect(applePushHelp(browser({ pushSupported: true }))).toBeNull();
    expect(applePushHelp(browser({ standalone: true }))).toBeNull();
    expect(applePushHelp(browser({ displayStandalone: true }))).toBeNull();
    expect(applePushHelp(browser({ userAgent: SAFARI_IPAD_AS_MAC, maxTouchPoints: 0 }))).toBeNull();
    expect(
      applePushHelp(
        browser({
          userAgent:
            'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
        }),
      ),
    ).toBeNull();
  });
});
