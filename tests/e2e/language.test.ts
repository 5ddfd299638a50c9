// No English on screen: a crawl of every screen and dialog of the journey (the same tour as the accessibility
// check) collecting what a user sees or hears: the visible text, the toasts, and the aria-label, title, alt,
// placeholder and aria-valuetext values, plus the page title. Every word is checked against a small detector of
// English words that German never uses; brand and product names are allowed. Left-over i18n keys
// ('toast.foo.title') and unfilled placeholders ('{n}') fail too.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tourEveryScreen } from '../helpers/e2eJourney';
import { openBrowser, startApp, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ STARTING_CREDITS: '4' });
  // The screen tour holds the detector's download to show the analysis screen (see openBrowser).
  browser = await openBrowser({ blockServiceWorkers: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * English words that are not also German words (so no 'die', 'was', 'will', 'an', 'in', 'also', 'so', 'man'),
 * chosen from what English UI and error text is made of.
 */
export const ENGLISH = new Set(
  (
    'the and of to not no is are be been were has have had this that these those with without from for by ' +
    'on at or if then than when where which who what why how it its you your yours our we they their please ' +
    'error errors failed failure fail found missing invalid unknown required cannot could would should must ' +
    "can't don't isn't image images photo photos file files upload uploaded uploading loading select selected " +
    'click here try again back next previous close cancel submit save delete remove add more less show hide ' +
    'settings success successfully done ready processing enhance enhanced enhancement room rooms bedroom ' +
    'kitchen bathroom living exterior credit credits insufficient notification notifications toast undefined ' +
    'null nan true false object function mode modes step steps page before after compare slider free price'
  ).split(' '),
);

/** Brand and product names, and German words that look like English ones above. */
export const ALLOWED = new Set(
  [
    'raumglanz',
    'airbnb',
    'booking',
    'com',
    'credits',
    'credit',
    // 'virtual' and 'staging' are not here: staging is 'Virtuell einrichten' in every German text (issue 27).
    'dsgvo',
    'png',
    'jpg',
    'jpeg',
    'webp',
    'zip',
    'mb',
    'ki',
    'tipp',
    'download',
    'offline',
    'online',
  ].map((w) => w.toLowerCase()),
);

/** Everything on the page a user reads or hears, as one string per source. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    const attributes = [
      'aria-label',
      'title',
      'alt',
      'placeholder',
      'aria-valuetext',
      'aria-roledescription',
    ];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const name of attributes) {
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** The English words, i18n keys and unfilled placeholders in a text; empty when the text is clean. */
export function englishIn(text: string): string[] {
  const found: string[] = [];
  // Addresses and the user's own file names ('97_kitchen.jpg') are not the app's language.
  let rest = text
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/[\w-]+\.(?:jpe?g|png|webp|txt)\b/gi, ' ')
    .replace(/\bBooking\.com\b/g, 'Booking');
  // 'toast.batchDone.title' is a key that never got its German text.
  for (const key of rest.match(/\b[a-z]+(?:\.[a-z][A-Za-z]+)+\b/g) ?? []) found.push(key);
  rest = rest.replace(/\b[a-z]+(?:\.[a-z][A-Za-z]+)+\b/g, ' ');
  for (const placeholder of rest.match(/\{\w+\}/g) ?? []) found.push(placeholder);
  for (const word of rest.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
    if (ENGLISH.has(word) && !ALLOWED.has(word)) found.push(word);
  }
  return found;
}

describe('German only', () => {
  it('the detector finds English sentences, keys and placeholders, and passes German ones', () => {
    expect(englishIn('Failed to fetch the image. Please try again.')).toEqual([
      'failed',
      'to',
      'the',
      'image',
      'please',
      'try',
      'again',
    ]);
    expect(englishIn('toast.batchDone.title')).toEqual(['toast.batchDone.title']);
    expect(englishIn('Noch {n} Bilder')).toEqual(['{n}']);
    expect(englishIn('Close toast')).toEqual(['close', 'toast']);
    expect(
      englishIn(
        'Was dich erwartet: 3 Credits, Download als ZIP, Bilder von Airbnb oder Booking.com – die Bilder sind in raumglanz.',
      ),
    ).toEqual([]);
    // The user's file names and links are theirs, not the app's text.
    expect(englishIn('97_kitchen.jpg: Nicht unterstütztes Format, https://www.airbnb.de/rooms/1')).toEqual(
      [],
    );
  });

  it('shows no English on any screen, dialog or toast', async () => {
    const { page } = browser;
    const found: Record<string, string[]> = {};
    const screens: string[] = [];
    await tourEveryScreen(page, app.url, 4, async (screen) => {
      screens.push(screen);
      const words = (await pageTexts(page)).flatMap(englishIn);
      if (words.length > 0) found[screen] = [...new Set(words)];
    });
    expect(screens.length).toBeGreaterThanOrEqual(20);
    expect(found).toEqual({});
  });
});
