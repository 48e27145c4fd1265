import { memo, useLayoutEffect, useRef, useState } from 'react';

/** The widths the preview can show a page at, in CSS pixels. */
const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The right column: the page being edited, served by the preview on this origin. The page
 * reloads itself as each draft starts to build, as a tab of `site dev` does (it carries
 * site dev's reload script, without the problem overlay), and gets the draft's page as
 * soon as that is rendered. Shown at a phone's width or a desktop's, scaled down to fit
 * the column.
 */
export const PreviewPane = memo(function PreviewPane({ path, pending, failure }: { path: string; pending: boolean; failure?: string }) {
  const [width, setWidth] = useState<Width>('phone');
  const box = useRef<HTMLDivElement>(null);
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
        {/* A new frame for each path: the page in the old one reloads itself as a draft
            builds, and a reload that came after a change of src would keep the old page. */}
        <iframe key={path} className="preview__frame" title={`Preview of ${path}`} src={path} />
      </div>
    </aside>
  );
});
