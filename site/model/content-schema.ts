import { z } from 'zod';
import { cardSchema, hrefSchema, iconSchema, imageSchema, isHttpsOrigin, mailtoSchema, pageMeta, paragraphs, phoneSchema, qaSchema, stepSchema, text, webLinkSchema } from './field-schemas.ts';
import { bookSchema, bundleSchema, courseSchema, planSchema, policySectionSchema } from './item-schemas.ts';

/*
 * The shape of content.yaml. This schema is the single source of truth: the site's
 * types come from `z.infer`, the JSON Schema for editors from `z.toJSONSchema`.
 * Cross-field rules (references, sums) live in `refine.ts`, derived values in `derive.ts`.
 */

export const contentSchema = z.strictObject({
  site: z.strictObject({
    name: text,
    tagline: text,
    url: text.refine(isHttpsOrigin, {
      message: 'must be the https:// origin the site is served from, without a trailing slash',
    }),
    language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language tag like "en" or "en-US"'),
    themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like "#7c3aed"'),
    /** The installed app's name where space is short (home screen); defaults to `name`. */
    shortName: text.optional(),
    /** The splash-screen colour of the installed app (web manifest); defaults to white. */
    backgroundColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like "#ffffff"').optional(),
    founder: text,
    /** The brand mark in the header, in place of the drawn one: square. */
    logo: imageSchema.optional(),
    discordUrl: webLinkSchema,
    email: text.email('must be an e-mail address'),
    footer: z.strictObject({ text, copyright: text }),
  }),
  agency: z.strictObject({
    name: text,
    tagline: text,
    email: text.email('must be an e-mail address'),
    phone: phoneSchema,
    hours: text,
    paymentSupport: mailtoSchema,
  }),
  labels: z.strictObject({
    skipToContent: text,
    joinDiscord: text,
    callNow: text,
    menuOpen: text,
    menuClose: text,
    mainNavigation: text,
    agencyNavigation: text,
    backToMainSite: text,
    opensInNewTab: text,
    sound: text,
    buyNow: text,
    openCourse: text,
    // Only a list longer than one page shows these: over 50 courses, 24 books or 50 questions.
    coursePages: text.default('Course pages'),
    bookPages: text.default('eBook pages'),
    faqPages: text.default('FAQ pages'),
    previousPage: text.default('Previous'),
    nextPage: text.default('Next'),
    listPage: text.refine((value) => value.includes('{page}'), { message: 'must contain {page} (and may contain {pages})' }).default('Page {page} of {pages}'),
  }),
  navigation: z.strictObject({
    main: z.array(z.strictObject({ label: text, href: z.string().regex(/^\/[a-z/-]*$/, 'must be a site path like "/faq"') })).min(1, 'needs at least one link'),
    agency: z.array(z.strictObject({ label: text, href: z.string().regex(/^\/[a-z/-]*$/, 'must be a site path like "/agency"') })).min(1, 'needs at least one link'),
  }),
  pages: z.strictObject({
    home: z.strictObject({
      ...pageMeta,
      eyebrow: text,
      headline: text,
      subline: text,
      cta: text,
      badges: z.array(z.strictObject({ value: text, label: text, icon: iconSchema })).length(3, 'must list exactly three badges'),
      agencyCard: z.strictObject({ eyebrow: text, title: text, text, linkLabel: text }),
      sections: z.array(z.strictObject({ title: text, text, icon: iconSchema, href: hrefSchema, linkLabel: text })),
    }),
    courses: z.strictObject({
      ...pageMeta,
      heading: text,
      intro: text,
      video: z.strictObject({ title: text, url: webLinkSchema, duration: text, chapters: text, label: text }),
      cards: z.array(cardSchema).length(4, 'must list exactly four info cards'),
      continueLabel: text,
    }),
    courseList: z.strictObject({ ...pageMeta, heading: text, intro: text }),
    course: z.strictObject({
      placeholder: text,
      durationLabel: text,
      levelLabel: text,
      backLabel: text,
      notFound: z.strictObject({ title: text, heading: text, text, linkLabel: text }),
    }),
    about: z.strictObject({
      ...pageMeta,
      heading: text,
      intro: text,
      sections: z.array(z.strictObject({ heading: text, paragraphs })).min(1, 'needs at least one section'),
      cta: text,
      /** The founder's photo, beside the heading. */
      founderPhoto: imageSchema.optional(),
    }),
    faq: z.strictObject({ ...pageMeta, heading: text, intro: text, items: z.array(qaSchema).min(1, 'needs at least one question') }),
    contact: z.strictObject({
      ...pageMeta,
      heading: text,
      intro: text,
      faqCard: z.strictObject({ title: text, text, linkLabel: text }),
      discordCard: z.strictObject({ title: text, text, linkLabel: text }),
      callCard: z.strictObject({ title: text, text, linkLabel: text }),
    }),
    ebooks: z.strictObject({
      ...pageMeta,
      heading: text,
      intro: text,
      tutorial: z.strictObject({ title: text, text, url: webLinkSchema, label: text }),
      banner: z.strictObject({ title: text, text, linkLabel: text }),
    }),
    bundles: z.strictObject({ ...pageMeta, heading: text, intro: text, includesLabel: text, wasLabel: text, saveLabel: text }),
    login: z.strictObject({
      ...pageMeta,
      heading: text,
      text,
      usernameLabel: text,
      passwordLabel: text,
      submitLabel: text,
      checkingLabel: text,
      backLabel: text,
      restrictedNote: text,
      invalidCredentials: text,
      /** Shown only without JavaScript, which the check in the browser needs. */
      noscriptNote: text,
    }),
    comingSoon: z.strictObject({ ...pageMeta, heading: text, text, accessText: text, loginLabel: text, loginHref: hrefSchema, backLabel: text }),
    agencyHome: z.strictObject({
      ...pageMeta,
      eyebrow: text,
      headline: text,
      subline: text,
      whatWeDo: z.strictObject({ heading: text, text }),
      values: z.array(cardSchema).length(4, 'must list exactly four value cards'),
      whyInvest: z.strictObject({ heading: text, text, points: z.array(text), pricingLabel: text, consultLabel: text }),
      process: z.strictObject({ heading: text, steps: z.array(stepSchema).length(3, 'must list exactly three steps') }),
      outcomes: z.strictObject({ heading: text, items: z.array(z.strictObject({ value: text, label: text })).min(1, 'needs at least one outcome') }),
    }),
    payment: z.strictObject({
      ...pageMeta,
      heading: text,
      intro: text,
      plansHeading: text,
      trustBadges: z.array(z.strictObject({ label: text, icon: iconSchema })).min(1, 'needs at least one badge'),
      steps: z.strictObject({ heading: text, items: z.array(stepSchema).length(3, 'must list exactly three steps') }),
      faqHeading: text,
      faqs: z.array(qaSchema).length(4, 'must list exactly four payment questions'),
      policiesText: text,
      policiesLinkLabel: text,
      support: z.strictObject({ heading: text, text, emailLabel: text, phoneLabel: text }),
    }),
    policies: z.strictObject({ ...pageMeta, heading: text, intro: text, updated: text }),
    getStarted: z.strictObject({
      ...pageMeta,
      heading: text,
      intro: text,
      plansHeading: text,
      contact: z.strictObject({ heading: text, text, emailLabel: text, phoneLabel: text }),
      discord: z.strictObject({ heading: text, text, linkLabel: text }),
      steps: z.strictObject({ heading: text, items: z.array(stepSchema).length(3, 'must list exactly three steps') }),
    }),
    /** linkLabel goes home; coursesLinkLabel to the courses (an unknown course's link, where the host has one 404 page). */
    notFound: z.strictObject({ ...pageMeta, heading: text, text, linkLabel: text, coursesLinkLabel: text }),
  }),
  courses: z.array(courseSchema).min(1, 'needs at least one course'),
  books: z.array(bookSchema).min(1, 'needs at least one book'),
  bundles: z.array(bundleSchema),
  plans: z.array(planSchema).length(3, 'must list the three plans: free-trial, pay-per-solution and monthly'),
  policies: z.array(policySectionSchema).min(1, 'needs at least one section'),
});

/** Content as validated: prices still in dollars, bundles still reference books by id. */
export type Content = z.infer<typeof contentSchema>;
export type Course = z.infer<typeof courseSchema>;
export type Book = z.infer<typeof bookSchema>;
export type Plan = z.infer<typeof planSchema>;
export type PolicySection = z.infer<typeof policySectionSchema>;
