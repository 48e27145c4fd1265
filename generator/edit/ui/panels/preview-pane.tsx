import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The widths the preview can show a page at, in CSS pixels. */
const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The right column: the page being edited, served by the preview on this origin, loaded
 * again whenever a draft has been built into the preview (`version`), so what it shows is
 * never older than the last answer. Shown at a phone's width or a desktop's, scaled down
 * to fit the column.
 */
export const PreviewPane = memo(function PreviewPane({ path, version, pending, failure }: { path: string; version: string; pending: boolean; failure?: string }) {
  const [width, setWidth] = useState<Width>('phone');
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // The page to load again when the preview is rebuilt: the section's page, or the one the
  // visitor moved to inside the preview. A page still loading from before the section
  // changed is not it.
  const intended = useRef(path);
  const awaiting = useRef<string | null>(path);
  useEffect(() => {
    intended.current = path;
    awaiting.current = path;
  }, [path]);
  const onLoad = () => {
    const location = frame.current?.contentWindow?.location;
    if (!location) return;
    const here = `${location.pathname}${location.search}`;
    if (awaiting.current !== null && here !== awaiting.current) return;
    awaiting.current = null;
    intended.current = here;
  };
  const shown = useRef(version);
  // Before the paint: the page loads while the form is painted, not after.
  useLayoutEffect(() => {
    if (shown.current === version) return;
    shown.current = version;
    // Fetched anew (the preview's pages are never cached); replace() also overrides a
    // navigation still on its way, which may have been answered before this build.
    frame.current?.contentWindow?.location.replace(intended.current);
  }, [version]);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    // A CSS custom property set through the CSSOM: allowed under a strict style-src.
    const fit = () => element.style.setProperty('--preview-scale', String(Math.min(1, element.clientWidth / WIDTHS[width])));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return (
    <aside className="preview" aria-labelledby="preview-heading">
      <div className="preview__bar">
        <h2 id="preview-heading" className="preview__title">
          Preview
        </h2>
        <div className="toggle" role="group" aria-label="Preview width">
          {(Object.keys(WIDTHS) as Width[]).map((option) => (
            <button key={option} type="button" className="toggle__option" aria-pressed={width === option} onClick={() => setWidth(option)}>
              {option === 'phone' ? 'Phone' : 'Desktop'}
              <span className="visually-hidden"> ({WIDTHS[option]} pixels wide)</span>
            </button>
          ))}
        </div>
      </div>
      <p className="preview__path">
        <span className="visually-hidden">Showing </span>
        <code>{path}</code>
        <span className="preview__state">{failure ? ` — ${failure}` : pending ? ' — updating…' : ''}</span>
      </p>
      <div className={`preview__box preview__box--${width}`} ref={box}>
        <iframe ref={frame} className="preview__frame" title={`Preview of ${path}`} src={path} onLoad={onLoad} />
      </div>
    </aside>
  );
});
