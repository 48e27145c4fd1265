import { Icon } from './ui/index.ts';
import type { IconName } from '../model/icons.ts';

const PALETTES = [
  ['#7c3aed', '#4c1d95'],
  ['#db2777', '#831843'],
  ['#ea580c', '#7c2d12'],
  ['#0891b2', '#164e63'],
  ['#16a34a', '#14532d'],
  ['#2563eb', '#1e3a8a'],
  ['#ca8a04', '#713f12'],
  ['#0d9488', '#134e4a'],
  ['#9333ea', '#581c87'],
  ['#e11d48', '#881337'],
] as const;

/**
 * Splits a title into short lines for the cover, never leaving a short word ("a", "at")
 * dangling at the end of a line: "Speak Like / a Hustler", not "Speak Like a / Hustler".
 */
export function coverLines(title: string, width = 11): string[] {
  const lines: string[][] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last && [...last, word].join(' ').length <= width) last.push(word);
    else lines.push([word]);
  }
  for (let index = 0; index < lines.length - 1; index += 1) {
    const line = lines[index]!;
    if (line.length > 1 && line[line.length - 1]!.length <= 2) lines[index + 1]!.unshift(line.pop()!);
  }
  return lines.map((line) => line.join(' ')).slice(0, 4);
}

/** A generated SVG cover from a book's number, title and icon: the store needs no image files. */
export function BookCover({ number, title, topic, icon, series }: { number: number; title: string; topic: string; icon: IconName; series: string }) {
  const [light, dark] = PALETTES[(number - 1) % PALETTES.length]!;
  const gradientId = `cover-${number}`;
  const lines = coverLines(title);
  return (
    <div className="book-cover" aria-hidden="true">
      <svg viewBox="0 0 200 280" className="book-cover__svg" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={light} />
            <stop offset="1" stopColor={dark} />
          </linearGradient>
        </defs>
        <rect width="200" height="280" rx="8" fill={`url(#${gradientId})`} />
        <rect x="0" y="0" width="14" height="280" fill="#000" opacity="0.18" />
        <circle cx="168" cy="40" r="70" fill="#fff" opacity="0.08" />
        <text x="30" y="48" fill="#fff" opacity="0.85" fontSize="22" fontWeight="800">
          {String(number).padStart(2, '0')}
        </text>
        {lines.map((line, index) => (
          <text key={index} className="book-cover__title" x="30" y={110 + index * 28} fill="#fff" fontSize="24" fontWeight="800">
            {line}
          </text>
        ))}
        <text x="30" y="238" fill="#fff" opacity="0.9" fontSize="10.5" fontWeight="700" letterSpacing="1.2">
          {topic.toUpperCase()}
        </text>
        <text x="30" y="258" fill="#fff" opacity="0.8" fontSize="11" fontWeight="600">
          {series}
        </text>
      </svg>
      <span className="book-cover__icon">
        <Icon name={icon} />
      </span>
    </div>
  );
}
