import { z } from 'zod';
import { checkoutUrlSchema, iconSchema, idSchema, imageSchema, linkSchema, paragraphs, priceSchema, text, webLinkSchema } from './field-schemas.ts';

/* The items content.yaml lists: courses, books, bundles, the agency's plans, policy sections. */

export const courseSchema = z.strictObject({
  id: z.number().int('must be a whole number').positive('must be 1 or more'),
  title: text,
  description: text,
  duration: text,
  level: z.enum(['Foundation', 'Essential', 'Intermediate', 'Advanced']),
  videoUrl: webLinkSchema.optional(),
  /** Shown on the course list and the course's page. */
  thumbnail: imageSchema.optional(),
});

export const bookSchema = z.strictObject({
  id: z.number().int('must be a whole number').positive('must be 1 or more'),
  title: text,
  topic: text,
  description: text,
  icon: iconSchema,
  price: priceSchema,
  checkoutUrl: checkoutUrlSchema,
  /** A designed cover; without one the store draws one from the title and icon. */
  cover: imageSchema.optional(),
});

export const bundleSchema = z.strictObject({
  id: idSchema,
  title: text,
  description: text,
  icon: iconSchema,
  price: priceSchema,
  /** Optional: derived from the books. When given it must equal their sum. */
  originalPrice: priceSchema.optional(),
  checkoutUrl: checkoutUrlSchema,
  books: z
    .array(z.number().int('must be a book id (a whole number)'))
    .min(1, 'needs at least one book')
    // The content editor offers the books by title and writes their ids.
    .meta({ 'x-edit': { kind: 'reference', list: 'books', by: 'id', label: 'title' }, description: 'The books in the bundle; its original price and savings are worked out from them.' }),
  featured: z.boolean().optional(),
  /** A designed cover, shown beside the title in place of the icon. */
  cover: imageSchema.optional(),
});

export const planSchema = z.strictObject({
  id: z.enum(['free-trial', 'pay-per-solution', 'monthly']),
  name: text,
  price: priceSchema,
  period: text,
  summary: text,
  features: z.array(text).min(1, 'needs at least one feature'),
  /** Upper limit of pain points for one purchase; Pay Per Solution's is 5. */
  maxPainPoints: z.number().int('must be a whole number').positive('must be 1 or more').optional(),
  highlighted: z.boolean().optional(),
  badge: text.optional(),
  cta: z.strictObject({ label: text, href: linkSchema }),
  booking: z.strictObject({ label: text }).optional(),
});

export const policySectionSchema = z.strictObject({
  id: idSchema,
  title: text,
  icon: iconSchema,
  content: paragraphs,
});
