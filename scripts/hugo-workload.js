// Writes a Hugo site of the same courses as a synthetic content.yaml, for `npm run bench`'s
// yardstick: one page per course, the course list 50 to a page, and the site's other
// pages, in a layout of the same parts (header, navigation, main, footer). Hugo renders
// Markdown with Go templates, so this is as many pages, not the same HTML.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const OTHER_PAGES = ['about', 'faq', 'contact', 'ebooks', 'bundles', 'login', 'coming-soon', 'get-started', 'agency', 'agency-payment', 'agency-policies'];

const BASEOF = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} | {{ site.Title }}</title><meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ .Permalink }}"><link rel="stylesheet" href="/assets/main.css"></head>
<body><header><a href="/">{{ site.Title }}</a><nav>${['courses', ...OTHER_PAGES.slice(0, 6)].map((page) => `<a href="/${page}/">${page}</a>`).join('')}</nav></header>
<main>{{ block "main" . }}{{ end }}</main>
<footer><p>{{ site.Title }}</p><a href="/agency/">Agency</a><a href="/agency-policies/">Policies</a></footer></body>
</html>`;

const SINGLE = `{{ define "main" }}<article><h1>{{ .Title }}</h1><p>{{ .Params.level }} · {{ .Params.duration }}</p>{{ .Content }}<a href="/course/">All courses</a></article>{{ end }}`;

const LIST = `{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Paginator.Pages }}<li><a href="{{ .RelPermalink }}"><h2>{{ .Title }}</h2><p>{{ .Description }}</p><span>{{ .Params.level }} · {{ .Params.duration }}</span></a></li>{{ end }}</ul>{{ template "_internal/pagination.html" . }}{{ end }}`;

/** Front matter as YAML of JSON strings: any title or description stays one safe scalar. */
const frontMatter = (fields) => `---\n${Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join('\n')}\n---\n`;

/** Writes into `dir` (emptied first) the Hugo site of the courses in `contentFile`. */
export function writeHugoWorkload(contentFile, dir) {
  const content = parse(readFileSync(contentFile, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write('hugo.toml', `baseURL = "${content.site.url}/"\ntitle = ${JSON.stringify(content.site.name)}\ndisableKinds = ["taxonomy", "term", "RSS"]\n[pagination]\n  pagerSize = 50\n`);
  write('layouts/_default/baseof.html', BASEOF);
  write('layouts/_default/single.html', SINGLE);
  write('layouts/_default/list.html', LIST);
  write('layouts/index.html', `{{ define "main" }}<h1>{{ site.Title }}</h1><p>${content.site.tagline}</p>{{ end }}`);
  for (const page of OTHER_PAGES) write(`content/${page}.md`, `${frontMatter({ title: page, description: `The ${page} page.` })}\nThe ${page} page.\n`);
  write('content/course/_index.md', frontMatter({ title: 'All courses', description: 'Every course.' }));
  for (const course of content.courses)
    write(`content/course/${course.id}.md`, `${frontMatter({ title: course.title, description: course.description, level: course.level, duration: course.duration })}\n${course.description}\n`);
}
