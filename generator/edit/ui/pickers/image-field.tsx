import { memo, useContext, useId, useState, type DragEvent } from 'react';
import { MediaContext, useActions, useProblemsAt, useUnclaimedProblems } from '../editor-context.ts';
import { fieldId, helpId, joinPath } from '../model/paths.ts';
import type { FieldProps } from '../fields/field-props.ts';
import { describedBy, FieldHelp, FieldMessages } from '../fields/field-messages.tsx';

/** The image types a build accepts (site/model/field-schemas.ts: no SVG). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';

interface ImageValue {
  src?: unknown;
  alt?: unknown;
  decorative?: unknown;
}

/**
 * An image: its file in media/ (chosen from those there, picked or dropped to upload), its
 * alt text, or marked decorative.
 */
export const ImageField = memo(function ImageField({ path, label, schema, value, required }: FieldProps) {
  const { edit, upload } = useActions();
  const media = useContext(MediaContext);
  const image: ImageValue = typeof value === 'object' && value !== null ? value : {};
  const src = typeof image.src === 'string' ? image.src : '';
  const alt = typeof image.alt === 'string' ? image.alt : '';
  const decorative = image.decorative === true;
  const [srcPath, altPath, decorativePath] = [joinPath(path, 'src'), joinPath(path, 'alt'), joinPath(path, 'decorative')];
  const srcProblems = useProblemsAt(srcPath);
  const altProblems = useProblemsAt(altPath);
  const groupProblems = useUnclaimedProblems(path, [srcPath, altPath]);
  const [status, setStatus] = useState('');
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const uploadId = useId();
  const uploadErrorId = useId();

  const send = async (file: File) => {
    setUploadError(undefined);
    setStatus(`Uploading ${file.name}…`);
    try {
      let outcome = await upload(file, false);
      if (!outcome.stored && outcome.exists) {
        const existing = outcome.src ?? `media/${file.name}`;
        if (!window.confirm(`${existing} is already there. Replace it with the file you chose?`)) {
          setStatus(`Not uploaded: ${existing} was kept.`);
          return;
        }
        outcome = await upload(file, true);
      }
      if (outcome.stored) {
        edit(srcPath, outcome.src);
        setStatus(`Uploaded: ${outcome.src}.`);
      } else {
        setStatus('');
        setUploadError(outcome.exists ? `${outcome.src ?? `media/${file.name}`} is already there.` : [outcome.message, outcome.hint].filter(Boolean).join(' '));
      }
    } catch (error) {
      setStatus('');
      setUploadError((error as Error).message);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  };
  const setDecorative = (checked: boolean) => {
    const { alt: _alt, decorative: _decorative, ...rest } = image;
    // Decorative means no alt text: the two together are a problem the build reports.
    edit(path, checked ? { ...rest, decorative: true } : { ...rest, ...(alt ? { alt } : { alt: '' }) });
  };
  const files = src !== '' && !media.includes(src) ? [src, ...media] : media;

  return (
    <fieldset id={fieldId(path)} className="field field--image" aria-describedby={describedBy(path, Boolean(schema.description), groupProblems)}>
      <legend>
        {label}
        {required ? null : <span className="field__optional"> (optional)</span>}
      </legend>
      <FieldHelp path={path} text={schema.description} />
      <FieldMessages path={path} problems={groupProblems} />
      <div className="image-source">
        <div className="field">
          <label htmlFor={fieldId(srcPath)}>File in media/</label>
          <select
            id={fieldId(srcPath)}
            value={src}
            onChange={(event) => edit(srcPath, event.target.value)}
            aria-invalid={srcProblems.length > 0 || undefined}
            aria-describedby={describedBy(srcPath, false, srcProblems)}
          >
            {src === '' ? <option value="">Choose a file…</option> : null}
            {files.map((file) => (
              <option key={file} value={file}>
                {file}
              </option>
            ))}
          </select>
          <FieldMessages path={srcPath} problems={srcProblems} />
        </div>
        <div
          className={dragging ? 'drop-zone drop-zone--over' : 'drop-zone'}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <label htmlFor={uploadId}>Upload an image</label>
          <input
            id={uploadId}
            type="file"
            accept={ACCEPT}
            aria-describedby={uploadError ? uploadErrorId : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void send(file);
              event.target.value = '';
            }}
          />
          <p className="drop-zone__hint">or drop a JPEG, PNG, WebP or AVIF file here</p>
          <p className="upload-status" role="status">
            {status}
          </p>
          {uploadError ? (
            <p className="message" id={uploadErrorId}>
              {uploadError}
            </p>
          ) : null}
        </div>
      </div>
      <div className="field">
        <label htmlFor={fieldId(altPath)}>Alt text</label>
        <p className="help" id={helpId(altPath)}>
          What the image shows, for people who cannot see it. Leave empty only for a decorative image.
        </p>
        <input
          id={fieldId(altPath)}
          type="text"
          value={alt}
          onChange={(event) => edit(altPath, event.target.value, true)}
          aria-invalid={altProblems.length > 0 || undefined}
          aria-describedby={describedBy(altPath, true, altProblems)}
        />
        <FieldMessages path={altPath} problems={altProblems} />
      </div>
      <div className="field field--check">
        <input id={fieldId(decorativePath)} type="checkbox" checked={decorative} onChange={(event) => setDecorative(event.target.checked)} />
        <label htmlFor={fieldId(decorativePath)}>Decorative (no alt text; screen readers skip it)</label>
      </div>
    </fieldset>
  );
});
