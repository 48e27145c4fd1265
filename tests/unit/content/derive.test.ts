import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { loadContent } from '../../../generator/content/read-content.ts';
import { validateContent } from '../../../generator/content/validate.ts';
import { deriveContent } from '../../../generator/content/derive.ts';
import { formatCents, toCents } from '../../../generator/content/money.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';

const data = deriveContent(validateContent(await loadContent({ file: REAL_CONTENT })));

describe('money in integer cents', () => {
  test('decimals convert exactly, without float drift', () => {
    expect(toCents(16.99)).toBe(1699);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(114.99)).toBe(11499);
    expect(10 * toCents(16.99)).toBe(16990);
  });
  test('formatting as a visitor reads it', () => {
    expect(formatCents(16990)).toBe('$169.90');
    expect(formatCents(5000, { wholeDollars: true })).toBe('$50');
    expect(formatCents(29700, { wholeDollars: true })).toBe('$297');
    expect(formatCents(2098, { wholeDollars: true })).toBe('$20.98');
  });
  test('formatting agrees with en-US currency formatting for any amount', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatCents(cents)).toBe(usd.format(cents / 100));
        if (cents % 100 === 0) expect(formatCents(cents, { wholeDollars: true })).toBe(whole.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
    for (const cents of [0, 1, 99, 100, 100000, 123456789]) expect(formatCents(cents)).toBe(usd.format(cents / 100));
  });
});

describe('deriveContent on the real content.yaml', () => {
  test('bundle originals are the sum of their books and savings original minus price (spec section 9)', () => {
    const summary = data.bundles.map((bundle) => [bundle.id, bundle.priceText, bundle.originalText, bundle.savingsText]);
    expect(summary).toEqual([
      ['foundation', '$29.99', '$50.97', '$20.98'],
      ['growth', '$34.99', '$67.96', '$32.97'],
      ['wealth', '$29.99', '$50.97', '$20.98'],
      ['complete', '$114.99', '$169.90', '$54.91'],
    ]);
  });
  test('bundles contain the books the spec names', () => {
    const titles = Object.fromEntries(data.bundles.map((bundle) => [bundle.id, bundle.books.map((book) => book.title)]));
    expect(titles.foundation).toEqual(['Millionaire at 15', 'Speak Like a Hustler', 'Boss Moves']);
    expect([...titles.growth!].sort()).toEqual(['Leads Like a Hustler', 'Market Like a Hustler', 'Offer Like a Hustler', 'Sell Like a Hustler']);
    expect([...titles.wealth!].sort()).toEqual(['Invest Like a Hustler', 'Money Like a Hustler', 'Story Like a Hustler']);
    expect(titles.complete).toHaveLength(10);
  });
  test('every eBook costs $16.99 and plans cost $0, $50 and $297', () => {
    expect(new Set(data.books.map((book) => book.priceText))).toEqual(new Set(['$16.99']));
    expect(data.plans.map((plan) => [plan.id, plan.priceText])).toEqual([
      ['free-trial', '$0'],
      ['pay-per-solution', '$50'],
      ['monthly', '$297'],
    ]);
    expect(data.plans.find((plan) => plan.id === 'pay-per-solution')!.maxPainPoints).toBe(5);
  });
  test('courses link to their video, or to /course/{id} without one', () => {
    for (const course of data.courses) {
      if (course.videoUrl) expect(course).toMatchObject({ href: course.videoUrl, external: true });
      else expect(course).toMatchObject({ href: `/course/${course.id}`, external: false });
    }
    expect(data.courses.map((course) => [course.title, course.duration, course.level])).toEqual([
      ['Mindset', '40 min', 'Foundation'],
      ['Communication', '30 min', 'Essential'],
      ['How To Build A Business', '35 min', 'Intermediate'],
      ['Marketing', '40 min', 'Advanced'],
      ['Sales', '35 min', 'Advanced'],
      ['Leads', '20 min', 'Advanced'],
      ['Offers', '15 min', 'Advanced'],
      ['Investing', '45 min', 'Advanced'],
      ['Financial Literacy', '30 min', 'Essential'],
      ['Personal Branding', '25 min', 'Foundation'],
    ]);
  });
  test('agency page titles are the spec\'s, suffixed with the agency name', () => {
    const agency = data.agency.name;
    expect(data.titles['/agency']).toBe(`AI-Powered Business Analysis | ${agency}`);
    expect(data.titles['/agency/payment']).toBe(`Pricing & Payment | ${agency}`);
    expect(data.titles['/agency/policies']).toBe(`Policies & Terms | ${agency}`);
    expect(data.titles['/get-started']).toBe(`Get Started | ${agency}`);
    expect(data.titles['/coming-soon']).toBe(`Coming Soon | ${agency}`);
  });
});
