import type { ImageView } from '../../model/images.ts';

/**
 * An image from content.yaml: AVIF or WebP where the browser takes them, the JPEG or PNG
 * (the last source) otherwise, each at the width the slot is shown at (srcset and sizes).
 * Its width and height reserve the box before the file arrives. Lazy unless `eager`;
 * `priority` marks a page's largest image above the fold, which the browser fetches first.
 * Every page's script carries this component: the generator writes its attributes out.
 */
export function Picture({ image, className, eager, priority }: { image: ImageView; className: string; eager?: boolean; priority?: boolean }) {
  const { sources, sizes } = image;
  return (
    <picture className={`picture ${className}`}>
      {sources.slice(0, -1).map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={image.src}
        srcSet={sources[sources.length - 1]!.srcset}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={eager || priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
      />
    </picture>
  );
}
