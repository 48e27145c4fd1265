import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { editedRealProblems, fixtureProblems, REAL_CONTENT } from '../../helpers/content.ts';
import { positionOf } from '../../helpers/cli.ts';

describe('validateContent: every problem located in the file', () => {
  test('a missing field is reported on the item that lacks it, and a typo suggests the key', async () => {
    const { text } = await fixtureProblems('missing-and-unknown');
    expect(text).toContain(
      [
        'content.yaml:9:5  books.1.price  price is missing',
        '    7 |     price: 16.99',
        '    8 |     checkoutUrl: https://checkout.example.com/pay/one',
        '  > 9 |   - id: 2',
        '      |     ^',
        '  hint: Add "price:" with a number.',
      ].join('\n'),
    );
    expect(text).toContain(
      [
        'content.yaml:14:5  books.1.pirce  unknown key "pirce"',
        '    12 |     description: Another book.',
        '    13 |     icon: mic',
        '  > 14 |     pirce: 16.99',
        '       |     ^',
        '  hint: Did you mean "price"?',
      ].join('\n'),
    );
  });

  test('a bundle naming book 11 and a wrong original price are both reported, with both figures', async () => {
    const { text } = await fixtureProblems('bad-references');
    expect(text).toContain(
      [
        'content.yaml:22:20  bundles.0.originalPrice  originalPrice is $35.00 but the books in this bundle add up to $33.98',
        '    20 |     icon: gift',
        '    21 |     price: 29.99',
        '  > 22 |     originalPrice: 35.00',
        '       |                    ^',
        '  hint: Remove originalPrice (it is computed from the books) or correct it.',
      ].join('\n'),
    );
    expect(text).toContain(
      [
        'content.yaml:31:16  bundles.1.books.1  book 11 does not exist',
        '    29 |     price: 9.99',
        '    30 |     checkoutUrl: https://checkout.example.com/pay/broken',
        '  > 31 |     books: [1, 11]',
        '       |                ^',
        '  hint: Use the id of a book listed under books: 1, 2.',
      ].join('\n'),
    );
  });

  test('http: checkout links and javascript: links are refused', async () => {
    const { text } = await fixtureProblems('bad-links');
    expect(text.some((item) => item.startsWith('content.yaml:8:18  books.0.checkoutUrl  must be an https:// checkout link'))).toBe(true);
    expect(text).toContain(
      [
        'content.yaml:15:15  courses.0.videoUrl  must be an https:// link',
        '    13 |     duration: 40 min',
        '    14 |     level: Foundation',
        '  > 15 |     videoUrl: javascript:alert(1)',
        '       |               ^',
        '  hint: This link opens a web page: javascript: links are not allowed here. Write an address starting with https://.',
      ].join('\n'),
    );
  });

  test('an empty link or image path is said to be empty, once: not also that it is no link or no image', async () => {
    const problems = await editedRealProblems((source) => source.replace('  discordUrl: https://discord.gg/example-invite', '  discordUrl: ""'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\.yaml:29:\d+ {2}site\.discordUrl {2}must not be empty\n/);
  });

  test('button links of the landing page and the coming-soon page: a site path or an https://, mailto: or tel: link, never javascript: or http:', async () => {
    const problems = await editedRealProblems((source) =>
      source.replace('        href: /about\n', '        href: javascript:alert(1)\n').replace('loginHref: /agency-login', 'loginHref: http://evil.example/login'),
    );
    const heads = problems.map((problem) => problem.split('\n')[0]!.replace(/^content\.yaml:\d+:\d+ +/, ''));
    expect(heads).toEqual([
      'pages.home.sections.2.href  must be a site path like "/faq", or an https://, mailto: or tel: link',
      'pages.comingSoon.loginHref  must be a site path like "/faq", or an https://, mailto: or tel: link',
    ]);
    expect(problems[0]).toContain('hint: Links may only use https:, mailto: or tel:. http: and javascript: links are not allowed.');
    expect(await editedRealProblems((source) => source.replace('        href: /about\n', '        href: https://example.com/story\n'))).toEqual([]);
  });

  test('the free trial and payment support e-mail links preset their subjects', async () => {
    const problems = await editedRealProblems((source) =>
      source
        .replace('paymentSupport: mailto:analytics@example.com?subject=Payment%20Support', 'paymentSupport: mailto:analytics@example.com')
        .replace('href: mailto:analytics@example.com?subject=Free%20Trial%20Request', 'href: https://checkout.example.com/trial'),
    );
    const heads = problems.map((problem) => problem.split('\n')[0]!.replace(/^content\.yaml:\d+:\d+ +/, ''));
    expect(heads).toEqual([
      'agency.paymentSupport  has no subject; it must preset the subject Payment Support',
      'plans.0.cta.href  must be an e-mail link with the subject Free Trial Request',
    ]);
    expect(problems[0]).toContain('hint: End the link with ?subject=Payment%20Support, like mailto:name@example.com?subject=Payment%20Support.');
    expect(await editedRealProblems((source) => source.replace('subject=Payment%20Support', 'subject=Payment%20Support&body=Hi'))).toEqual([]);
    const wrongSubject = await editedRealProblems((source) => source.replace('href: mailto:analytics@example.com?subject=Free%20Trial%20Request', 'href: mailto:analytics@example.com?subject=Hello'));
    expect(wrongSubject.map((problem) => problem.split('\n')[0]!.replace(/^content\.yaml:\d+:\d+ +/, ''))).toEqual(['plans.0.cta.href  presets the subject "Hello", not Free Trial Request']);
  });

  test('the free trial has one link: a content.yaml that still sets agency.freeTrial is told where it lives now', async () => {
    const problems = await editedRealProblems((source) => source.replace('  hours: Mon-Fri', '  freeTrial: mailto:analytics@example.com?subject=Free%20Trial%20Request\n  hours: Mon-Fri'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\.yaml:\d+:3 +agency\.freeTrial  unknown key "freeTrial"/);
    expect(problems[0]).toContain("hint: Remove it: the free trial's e-mail link is the free-trial plan's cta.href (under plans), the one the payment page shows.");
  });

  test('reference and sum rules still run on a list whose other items are wrong: all problems in one check', async () => {
    const source = readFileSync(REAL_CONTENT, 'utf8');
    const booksAt = source.indexOf('\nbooks:');
    const bundlesAt = source.indexOf('\nbundles:');
    const problems = await editedRealProblems(() => {
      let books = source.slice(booksAt, bundlesAt);
      // A negative price (books.8), a missing title (books.1): the books list fails its shape.
      books = books.replace(/(  - id: 9\n(?:    .*\n)*?    price: )16\.99/, '$1-16.99').replace(/(  - id: 2\n)    title: .*\n/, '$1');
      let bundles = source.slice(bundlesAt);
      // A book that does not exist, and a bundle dearer than its books.
      bundles = bundles.replace('books: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]', 'books: [1, 2, 3, 4, 5, 6, 7, 8, 9, 11]').replace('price: 29.99', 'price: 59.99');
      return source.slice(0, booksAt) + books + bundles;
    });
    const heads = problems.map((problem) => problem.split('\n')[0]!.replace(/^content\.yaml:\d+:\d+ +/, ''));
    expect(heads).toEqual([
      'books.1.title  title is missing',
      'books.8.price  must not be negative',
      expect.stringMatching(/^bundles\.0\.price  the bundle costs \$59\.99, not less than its books bought one by one \(\$50\.97\)$/),
      'bundles.3.books.9  book 11 does not exist',
    ]);
  });

  test('every problem says how to fix it: list lengths, whole numbers, negative prices, a missing icon, a limit below 1', async () => {
    const problems = await editedRealProblems((source) => {
      let edited = source.replace('      - value: Active\n        label: Daily\n        icon: zap\n', '');
      edited = edited.replace('    maxPainPoints: 5', '    maxPainPoints: 0').replace('  - id: 2\n    title: Communication', '  - id: 2.5\n    title: Communication');
      const bundles = edited.indexOf('\nbundles:');
      const icon = edited.indexOf('    icon:', bundles);
      edited = edited.slice(0, icon) + edited.slice(edited.indexOf('\n', icon) + 1);
      const books = edited.indexOf('\nbooks:');
      const price = edited.indexOf('price: 16.99', books);
      return `${edited.slice(0, price)}price: -16.99${edited.slice(price + 'price: 16.99'.length)}`;
    });
    const summary = problems.map((problem) => {
      const lines = problem.split('\n');
      return `${lines[0]!.replace(/^content\.yaml:\d+:\d+ +/, '')} | ${lines.find((line) => line.startsWith('  hint: '))?.slice(8) ?? 'NO HINT'}`;
    });
    expect(summary).toEqual([
      'pages.home.badges  must list exactly three badges | Add or remove items so that the list has exactly that many.',
      'courses.1.id  must be a whole number | Write it without decimals or quotes, like 3.',
      'books.0.price  must not be negative | Write a price of 0 or more, like 16.99.',
      expect.stringMatching(/^bundles\.0\.icon  icon is missing \| Add "icon:" with one of: "book", "rocket", .*"home"\.$/),
      'plans.1.maxPainPoints  must be 1 or more | Write a whole number from 1 up.',
    ]);
  });

  test('every kind of field mistake comes with a hint', async () => {
    const problems = await editedRealProblems((source) =>
      source
        .replace('    - label: Courses\n      href: /courses', '    - label: Courses\n      href: javascript:void(0)')
        .replace('    href: tel:+15550104477', '    href: https://call.example.com')
        .replace('themeColor: "#7c3aed"', 'themeColor: purple')
        .replace('  language: en', '  language: English')
        .replace('  url: https://younghustlers.example', '  url: https://younghustlers.example/')
        .replace('  - id: foundation', '  - id: Foundation')
        .replace('    price: 16.99', '    price: "$16.99"')
        .replace('  paymentSupport: mailto:analytics@example.com?subject=Payment%20Support', '  paymentSupport: analytics@example.com'),
    );
    expect(problems.length).toBeGreaterThanOrEqual(8);
    for (const problem of problems) expect(problem, problem.split('\n')[0]).toMatch(/\n {2}hint: \S/);
  });

  test('a syntax error is reported once per section, not once per line the parser could not read after it', async () => {
    const problems = await editedRealProblems((source) =>
      source.replace('  - id: 1\n    title: Mindset', '  - id: 1\n\ttitle: Mindset').replace('  name: Hustler Analytics', '  name: "Hustler Analytics'),
    );
    expect(problems.map((problem) => problem.split('\n')[0]!.replace(/^content\.yaml:\d+:\d+ +/, ''))).toEqual([
      'missing closing "quote',
      'tabs are not allowed as indentation',
    ]);
    expect(problems[1]).toMatch(/hint: YAML indentation must use spaces, not tabs\. Fix this first: the parser could not read \d+ more places after it, which may be fine once it is/);
  });

  test('a key the parser misreads as a duplicate after a syntax error is counted with that error; a real duplicate is still told', async () => {
    // A tab in the pages section: yaml then also calls the later top-level keys duplicates.
    const tab = await editedRealProblems((source) => source.replace('    title: Frequently Asked Questions', '\ttitle: Frequently Asked Questions'));
    expect(tab.map((problem) => problem.split('\n')[0]!.replace(/^content\.yaml:\d+:\d+ +/, ''))).toEqual(['tabs are not allowed as indentation']);
    const both = await editedRealProblems((source) =>
      source.replace('    title: Frequently Asked Questions', '\ttitle: Frequently Asked Questions').replace('  - id: foundation\n', '  - id: foundation\n    id: again\n'),
    );
    const line = positionOf(readFileSync(REAL_CONTENT, 'utf8'), '  - id: foundation').split(':')[0];
    expect(both.map((problem) => problem.split('\n')[0]!.replace(/^content\.yaml:\d+:\d+ +/, ''))).toEqual(['tabs are not allowed as indentation', `"id" is written twice in this mapping (first on line ${line})`]);
  });

  test('a tab among the spaces of an indent, a list item\'s key one space short, an alias with no anchor and a NUL byte are each told in words, where they are', async () => {
    const source = readFileSync(REAL_CONTENT, 'utf8');
    const line = Number(positionOf(source, '    title: Boss Moves').split(':')[0]);
    const tab = await editedRealProblems((text) => text.replace('    title: Boss Moves', '  \t  title: Boss Moves'));
    expect(tab[0]).toMatch(new RegExp(`^content\\.yaml:${line}:3 +tabs are not allowed as indentation\\n`));
    expect(tab[0]).toContain('hint: YAML indentation must use spaces, not tabs.');
    const short = await editedRealProblems((text) => text.replace('    title: Boss Moves', '   title: Boss Moves'));
    expect(short[0]).toMatch(new RegExp(`^content\\.yaml:${line}:4 +"title" is indented less far than "id" on the line above it\\n`));
    expect(short[0]).toContain('hint: The keys of one mapping start at the same column: start "title:" at column 5, under "id:".');
    const founder = Number(positionOf(source, '  founder: ').split(':')[0]);
    const alias = await editedRealProblems((text) => text.replace(/^ {2}founder: .*$/m, '  founder: *nope'));
    expect(alias).toHaveLength(1);
    expect(alias[0]).toMatch(new RegExp(`^content\\.yaml:${founder}:12 +"\\*nope" repeats the value marked "&nope", but no value is marked so\\n`));
    expect(alias[0]).toContain('hint: A value that starts with * is read as a repeat of another; to write the text itself, put it in quotes: "*nope".');
    const nul = await editedRealProblems((text) => text.replace(/^( {2}founder: )/m, '$1\u0000'));
    expect(nul).toHaveLength(1);
    expect(nul[0]).toMatch(new RegExp(`^content\\.yaml:${founder}:12 +an invisible control character \\(U\\+0000\\) is in the file\\n`));
  });

  test('a key indented further or less far than the one above is told at that key, with the column it belongs at', async () => {
    const further = await editedRealProblems((source) => source.replace('    icon: brain\n    price: 16.99\n', '    icon: brain\n      price: 16.99\n'));
    expect(further).toHaveLength(1);
    expect(further[0]).toMatch(/^content\.yaml:\d+:7 +"price" is indented further than "icon" on the line above it\n/);
    expect(further[0]).toContain('hint: The keys of one mapping start at the same column: start "price:" at column 5, under "icon:".');
    const less = await editedRealProblems((source) => source.replace('    icon: brain\n    price: 16.99\n', '    icon: brain\n  price: 16.99\n'));
    expect(less[0]).toMatch(/^content\.yaml:\d+:3 +"price" is indented less far than "icon" on the line above it\n/);
    // A colon and a space inside a text, before a line less indented, is still told as that.
    const colon = await editedRealProblems((source) => source.replace('    icon: brain\n', '    icon: brain: the mind\n'));
    expect(colon[0]).toContain('hint: A key must fit on one line; quote text that contains a colon followed by a space.');
  });

  test('a key written twice is named, with the line of the first, and said to stop the rest of the check', async () => {
    const problems = await editedRealProblems((source) => source.replace('    price: 16.99\n', '    price: 16.99\n    price: 12.99\n'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\.yaml:\d+:5 +"price" is written twice in this mapping \(first on line \d+\)\n/);
    expect(problems[0]).toContain('hint: Each key may appear once in a mapping: remove one of them, or rename it. Fix this first: no value of the file is checked until it is.');
  });

  test('a key glued to its value ("title:Text") is told as a missing space, with the line as it should be', async () => {
    const problems = await editedRealProblems((source) => source.replace('    title: Frequently Asked Questions', '    title:Frequently Asked Questions'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\.yaml:\d+:10 +a space is missing after "title:"\n/);
    expect(problems[0]).toContain('hint: Write "title: Frequently Asked Questions": YAML needs a space between');
  });

  test('a link written without https:// (or with http://) is told the address to write', async () => {
    const problems = await editedRealProblems((source) =>
      source.replace('videoUrl: https://videos.example.com/courses/mindset', 'videoUrl: videos.example.com/courses/mindset').replace('videoUrl: https://videos.example.com/courses/sales', 'videoUrl: http://videos.example.com/courses/sales'),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('hint: Write the whole address, with https:// in front: https://videos.example.com/courses/mindset');
    expect(problems[1]).toContain('hint: Write the whole address, with https:// in front: https://videos.example.com/courses/sales');
  });

  test('prices with three decimals, prices as text and unknown icons', async () => {
    const { text } = await fixtureProblems('bad-prices');
    expect(text.some((item) => item.startsWith('content.yaml:7:12  books.0.price  must have at most two decimal places'))).toBe(true);
    expect(text.some((item) => item.startsWith('content.yaml:14:12  books.1.price  must be a number of dollars, like 16.99'))).toBe(true);
    const icon = text.find((item) => item.startsWith('content.yaml:6:11  books.0.icon  the text "unicorn" is not one of the allowed values'));
    expect(icon).toContain('hint: Use one of: "book", "rocket"');
    // A misspelt one: the icon meant comes first.
    const typo = await editedRealProblems((source) => source.replace('    icon: brain\n', '    icon: brian\n'));
    expect(typo[0]).toContain('hint: Did you mean "brain"? Use one of: "book", "rocket"');
  });

  test('all problems at once, sorted by position, every one located', async () => {
    const { problems } = await fixtureProblems('bad-references');
    expect(problems.every((problem) => problem.location && problem.location.line >= 1 && problem.location.column >= 1)).toBe(true);
    const lines = problems.map((problem) => problem.location!.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    // The fixture lacks every other section: those are reported too, in the same run.
    expect(problems.map((problem) => problem.path)).toEqual(expect.arrayContaining(['site', 'pages', 'plans']));
  });
});

/** The first line of each problem, without its place: what is wrong, where in the data. */
const headlines = (problems: string[]) => problems.map((problem) => problem.split('\n')[0]!.replace(/^content\.yaml:\d+:\d+ +/, ''));
const hints = (problems: string[]) => problems.map((problem) => /\n {2}hint: (.*)$/.exec(problem)?.[1]);

describe('validateContent: the slips a maintainer makes, each told where it is and how to fix it', () => {
  test('an invisible control character in a text is refused at the text, and said after which words', async () => {
    // Written as an escape in quotes: js-yaml reads it into the text, and a card's drawing would fail on it.
    const problems = await editedRealProblems((source) => source.replace('    title: Frequently Asked Questions', '    title: "Questions\\bAnswers"'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\.yaml:\d+:12 +pages\.faq\.title +contains an invisible control character \(U\+0008\) after "Questions"\n/);
    expect(problems[0]).toContain('hint: Delete it (retype the words around it');
  });

  test('an invisible character pasted into the file itself is pointed at, not at the end of its line', async () => {
    const problems = await editedRealProblems((source) => source.replace('    title: Frequently Asked Questions', '    title: Frequently Asked\vQuestions'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\.yaml:\d+:28 +an invisible control character \(U\+000B\) is in the file\n/);
    expect(problems[0]).toContain('hint: Delete it');
  });

  test('a list item with no space after its dash is told at the dash, with the line as it should be', async () => {
    const problems = await editedRealProblems((source) => source.replace('\n  - id: 2\n    title: Speak Like a Hustler', '\n  -id: 2\n    title: Speak Like a Hustler'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\.yaml:\d+:3 +a space is missing after "-"\n/);
    expect(problems[0]).toContain('hint: Write "- id: 2": a list item starts with a dash and a space.');
  });

  test('a quote inside quoted text that ends it early is told at that quote, with the text quoted the other way', async () => {
    const question = '      - question: How do I join the Discord?\n        answer:';
    const apostrophe = await editedRealProblems((source) => source.replace(new RegExp(`(${question.replace('?', '\\?')}) [^\n]*`), `$1 'It's easy: tap the button.'`));
    expect(apostrophe).toHaveLength(1);
    expect(apostrophe[0]).toMatch(/^content\.yaml:\d+:20 +this apostrophe ends the quoted text, but the line goes on after it\n/);
    expect(apostrophe[0]).toContain(`hint: Inside single quotes an apostrophe is written twice ('It''s'); or put the text in double quotes: "It's easy: tap the button."`);
    const quotes = await editedRealProblems((source) => source.replace(new RegExp(`(${question.replace('?', '\\?')}) [^\n]*`), '$1 "Tap any "Join Discord" button."'));
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toMatch(/^content\.yaml:\d+:26 +this quote ends the quoted text, but the line goes on after it\n/);
    expect(quotes[0]).toContain(`or put the text in single quotes: 'Tap any "Join Discord" button.'`);
  });

  test('an empty file, or one of comments alone, is said to be so', async () => {
    expect(headlines(await editedRealProblems(() => ''))).toEqual(['the file is empty']);
    const comments = await editedRealProblems(() => '# site\n# agency\n');
    expect(headlines(comments)).toEqual(['the file holds only comments']);
    expect(comments[0]).toContain('hint: content.yaml describes the whole site, starting with site:');
  });

  test('a video or Discord link must open a web page: an e-mail or phone link is refused', async () => {
    const problems = await editedRealProblems((source) =>
      source.replace('videoUrl: https://videos.example.com/courses/mindset', 'videoUrl: tel:12345678').replace('discordUrl: https://discord.gg/example-invite', 'discordUrl: mailto:join@example.com'),
    );
    expect(headlines(problems)).toEqual(['site.discordUrl  must be an https:// link', 'courses.0.videoUrl  must be an https:// link']);
    expect(hints(problems)).toEqual([
      'This link opens a web page: mailto: links are not allowed here. Write an address starting with https://.',
      'This link opens a web page: tel: links are not allowed here. Write an address starting with https://.',
    ]);
  });

  test('a link that opens another site than it reads is refused: a user or password before the host, or a backslash (browsers read it as a slash)', async () => {
    const problems = await editedRealProblems((source) =>
      source
        .replace('  url: https://younghustlers.example', '  url: https://user:secret@younghustlers.example')
        .replace('checkoutUrl: https://checkout.example.com/pay/millionaire-at-15', 'checkoutUrl: https://checkout.example.com@evil.example/pay')
        .replace('videoUrl: https://videos.example.com/courses/mindset', 'videoUrl: https://evil.example\\@videos.example.com/courses/mindset'),
    );
    expect(headlines(problems)).toEqual([
      'site.url  must be the https:// origin the site is served from, without a trailing slash',
      'courses.0.videoUrl  must be an https:// link',
      'books.0.checkoutUrl  must be an https:// checkout link',
    ]);
    expect(hints(problems)).toEqual([
      'A link cannot name a user or password before its site: a browser opens what follows the @. Write the address alone, like https://example.com.',
      'A link cannot contain a backslash: browsers read it as a slash, and the link would open another site. Write / where one is meant.',
      'A link cannot name a user or password before its site: a browser opens what follows the @. Write the address alone, like https://example.com.',
    ]);
  });

  test('a price beyond a million dollars is refused, rather than shown rounded', async () => {
    const problems = await editedRealProblems((source) => source.replace('    price: 16.99\n    checkoutUrl: https://checkout.example.com/pay/millionaire-at-15', '    price: 9007199254740993\n    checkoutUrl: https://checkout.example.com/pay/millionaire-at-15'));
    expect(headlines(problems)).toEqual(['books.0.price  must be at most $1,000,000']);
    expect(hints(problems)).toEqual(['Write the price in dollars, like 16.99.']);
  });

  test('a link with a space, and a site path in capitals, are told what to write', async () => {
    const problems = await editedRealProblems((source) =>
      source.replace('videoUrl: https://videos.example.com/courses/sales', 'videoUrl: https://videos.example.com/courses/my sales').replace('    - label: Courses\n      href: /courses', '    - label: Courses\n      href: /Courses'),
    );
    expect(hints(problems)).toEqual(['Site paths are lowercase: /courses.', 'A link cannot contain spaces: write each one as %20, or remove it.']);
  });

  test('a value the parser took for something else is told how to write it', async () => {
    const problems = await editedRealProblems((source) =>
      source
        .replace('themeColor: "#7c3aed"', 'themeColor: #7c3aed')
        .replace(/(\n {2}- id: 1\n {4}title: Millionaire at 15\n {4}topic: Mindset\n {4}description:) [^\n]*/, '$1')
        .replace('    featured: true', '    featured: yes')
        .replace('    books: [1, 2, 3]\n', '    books: 1, 2, 3\n')
        .replace('\n  - id: 1\n    title: Millionaire at 15', '\n  - id: "1"\n    title: Millionaire at 15'),
    );
    expect(headlines(problems)).toEqual([
      'site.themeColor  must be a text value, not an empty value',
      'books.0.id  must be a number, not the text "1"',
      'books.0.description  must be a text value, not an empty value',
      'bundles.0.books  must be a list, not the text "1, 2, 3"',
      'bundles.3.featured  must be true or false, not the text "yes"',
    ]);
    expect(hints(problems)).toEqual([
      'Put the value in quotes, like "#7c3aed": unquoted, YAML reads # as the start of a comment.',
      'Remove the quotes: in quotes, 1 is text.',
      'Write the text after the colon, or remove the key if it is optional.',
      'Write the list in brackets, like [1, 2, 3], or one item per line starting with "- ".',
      'Write true or false, without quotes.',
    ]);
  });

  test('two pages with one title are told at the later title, by site check too, not first by the build', async () => {
    const problems = await editedRealProblems((source) =>
      source.replace('    title: Frequently Asked Questions', '    title: About Us').replace('  - id: 2\n    title: Communication', '  - id: 2\n    title: Mindset'),
    );
    expect(headlines(problems)).toEqual([
      'pages.faq.title  gives the page /faq the title "About Us | Young Hustlers Network", which /about has too',
      'courses.1.title  gives the page /course/2 the title "Mindset | The Curriculum | Young Hustlers Network", which /course/1 has too',
    ]);
    expect(hints(problems)).toEqual(['Every page needs a title of its own: change one of the two.', 'Every page needs a title of its own: change one of the two.']);
  });

  test("the coming-soon page's login button to no page is told by site check, as a menu link is; the old login address, a redirect, is a place to go", async () => {
    expect(await editedRealProblems((source) => source)).toEqual([]);
    const problems = await editedRealProblems((source) => source.replace('    loginHref: /agency-login', '    loginHref: /agency-logon'));
    expect(headlines(problems)).toEqual(['pages.comingSoon.loginHref  /agency-logon is not a page of this site']);
  });

  test('a problem elsewhere hides no broken menu link: each list of links is checked on its own', async () => {
    const problems = await editedRealProblems((source) =>
      source
        // pages: and one menu link are wrong in their shape...
        .replace(/(\n {6}- question: Is it really free\?\n {8}answer:) [^\n]*/, '$1 ""')
        .replace('    - label: eBooks\n      href: /ebooks', '    - label: eBooks\n      href: /Ebooks')
        // ...and another menu link points at no page.
        .replace('    - label: Courses\n      href: /courses', '    - label: Courses\n      href: /coursez'),
    );
    expect(headlines(problems)).toEqual([
      'navigation.main.0.href  /coursez is not a page of this site',
      'navigation.main.1.href  must be a site path like "/faq"',
      'pages.faq.items.1.answer  must not be empty',
    ]);
  });
});

describe('loadContent: YAML problems', () => {
  test('an unclosed quote points at the opening quote', async () => {
    const { text } = await fixtureProblems('syntax-error');
    expect(text).toEqual([
      [
        'content.yaml:3:12  missing closing "quote',
        '    1 | site:',
        '    2 |   name: Test Network',
        '  > 3 |   tagline: "unterminated',
        '      |            ^',
        '  hint: Close the quoted text with the same quote mark it starts with.',
      ].join('\n'),
    ]);
  });

  test('a repeated key is reported where it repeats', async () => {
    const { text } = await fixtureProblems('duplicate-key');
    expect(text[0]).toMatch(/^content\.yaml:3:3  "name" is written twice in this mapping \(first on line 2\)/);
  });

  test('a tag the YAML core schema does not know is a located problem, never text on the pages', async () => {
    const problems = await editedRealProblems((source) => source.replace('  name: Young Hustlers Network', '  name: !!js/function "function(){ return 1 }"'));
    expect(problems).toHaveLength(1);
    const line = readFileSync(REAL_CONTENT, 'utf8').split('\n').indexOf('  name: Young Hustlers Network') + 1;
    expect(problems[0]).toMatch(new RegExp(`^content\\.yaml:${line}:9  unknown tag !!js/function: content\\.yaml holds text, numbers, true/false, lists and mappings\n`));
    expect(problems[0]).toContain('hint: Remove the tag and write the value itself');
    const local = await editedRealProblems((source) => source.replace('  name: Young Hustlers Network', '  name: !secret Young Hustlers Network'));
    expect(local[0]).toMatch(new RegExp(`^content\\.yaml:${line}:9  unknown tag !secret:`));
  });

  test('an alias bomb fails fast instead of expanding', async () => {
    const started = performance.now();
    const { text } = await fixtureProblems('alias-bomb');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(text[0]).toContain('excessive alias count');
  });
});
