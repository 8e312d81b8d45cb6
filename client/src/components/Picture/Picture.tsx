// An image of the coach's library as the API gives it (the file, its size and a srcset per format, AVIF first):
// a <picture> from which the browser takes the smallest copy that fits.
export type PictureImage = {
  src: string;
  width: number;
  height: number;
  sources: ReadonlyArray<{ type: string; srcset: string }>;
};

type PictureProps = {
  image: PictureImage;
  alt: string;
  className?: string;
  /** How wide it is shown (the srcset's `sizes`), e.g. '136px'. */
  sizes: string;
  /** Below the fold: loaded when it comes near. At the top of a page: at once. */
  lazy?: boolean;
};

export function Picture({ image, alt, className, sizes, lazy = false }: PictureProps) {
  return (
    <picture>
      {image.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      <img
        className={className}
        src={image.src}
        // The intrinsic size: the browser keeps the space before the file arrives (no layout shift).
        width={image.width}
        height={image.height}
        alt={alt}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
      />
    </picture>
  );
}
