// Writes a synthetic content.yaml with N courses (and proportionally more books and FAQ
// items), derived from the real one, for benchmarks.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

const LEVELS = ['Foundation', 'Essential', 'Intermediate', 'Advanced'];

/** The real content with `courses` courses, courses/10 books and courses/10 + 12 FAQ items. */
export function syntheticContent(realFile, courses) {
  const content = parse(readFileSync(realFile, 'utf8'));
  const template = content.courses;
  content.courses = Array.from({ length: courses }, (_, index) => {
    const base = template[index % template.length];
    const course = { ...base, id: index + 1, title: `${base.title} ${Math.floor(index / template.length) + 1}`, level: LEVELS[index % LEVELS.length] };
    if (index % 3 !== 0) delete course.videoUrl;
    return course;
  });
  const books = Math.max(10, Math.round(courses / 10));
  const bookTemplate = content.books;
  content.books = Array.from({ length: books }, (_, index) => ({
    ...bookTemplate[index % bookTemplate.length],
    id: index + 1,
    title: `${bookTemplate[index % bookTemplate.length].title} ${Math.floor(index / 10) + 1}`,
  }));
  const faq = content.pages.faq.items;
  content.pages.faq.items = Array.from({ length: 12 + Math.round(courses / 10) }, (_, index) => ({ ...faq[index % faq.length], question: `${faq[index % faq.length].question} (${index + 1})` }));
  return `# Synthetic content with ${courses} courses, for benchmarks.\n${stringify(content, { lineWidth: 0 })}`;
}

export function writeSyntheticContent(realFile, courses, target) {
  writeFileSync(target, syntheticContent(realFile, courses));
}
