import { ICON_PATHS } from '../../site/model/icons.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { escapeHtml } from '../html.ts';
import type { OutputFile } from '../output-file.ts';
import { COURSE_GROUP_PREFIX, courseGroup, courseGroupPath, coursesShipWithPages } from '../../site/model/course-index.ts';
import { courseListPageCount } from '../../site/model/routes.ts';

/** The favicon: the brand's rocket on the theme colour, as SVG. */
export function faviconSvg(data: SiteData): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">',
    `<rect width="32" height="32" rx="8" fill="${escapeHtml(data.site.themeColor)}"/>`,
    `<g transform="translate(4 4)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${ICON_PATHS.rocket}"/></g>`,
    '</svg>',
  ].join('');
}

/**
 * The courses as the browser loads them: group n (what page n of the course list shows)
 * in data/courses/{n}.json. Every list page has its group, an empty list included. None
 * when the catalogue fits one list page: it ships with the pages' scripts.
 */
export function courseGroupFiles(data: SiteData): OutputFile[] {
  if (coursesShipWithPages(data.courseIndex)) return [];
  return Array.from({ length: courseListPageCount(data.courses.length) }, (_, index) => ({
    file: courseGroupPath(index + 1).slice(1),
    contents: JSON.stringify(courseGroup(data.courses, index + 1)),
  }));
}

/** Whether an out/ file is a course group (staticFiles lists them in order, group 1 first). */
export function isCourseGroupFile(file: string): boolean {
  return `/${file}`.startsWith(COURSE_GROUP_PREFIX);
}

/** Files every site has beside its pages. */
export function staticFiles(options: { data: SiteData }): OutputFile[] {
  return [{ file: 'favicon.svg', contents: faviconSvg(options.data) }, ...courseGroupFiles(options.data)];
}
