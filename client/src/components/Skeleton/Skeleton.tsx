import { bonesOf, DEFAULT_LABEL, labelClass, rootClass, type Bone, type SkeletonOptions, type SkeletonShape } from './shapes';

export type { SkeletonShape } from './shapes';

function BoneView({ bone: { className, svg, children } }: { bone: Bone }) {
  if (svg) {
    return (
      <svg className={className} aria-hidden="true" focusable="false">
        <rect width="100%" height="100%" fill="transparent" />
      </svg>
    );
  }
  return (
    <div className={className}>
      {children?.map((child, i) => (
        <BoneView key={i} bone={child} />
      ))}
    </div>
  );
}

function Frame({ bones }: { bones: readonly Bone[] }) {
  if (bones.length === 0) return null;
  return (
    <div className="sk-frame" aria-hidden="true">
      {bones.map((bone, i) => (
        <BoneView key={i} bone={bone} />
      ))}
    </div>
  );
}

/**
 * A page on its way: grey shapes where its header and content will be, and the loading text for screen readers
 * (shown too with `showLabel`, where the words matter, e.g. 'Verificando tu acceso...'). Calm: the shimmer stops
 * for people who ask for reduced motion.
 */
export function Skeleton({ shape, label = DEFAULT_LABEL, showLabel = false, part = 'page' }: SkeletonOptions & { shape: SkeletonShape }) {
  const { head, body } = bonesOf(shape, part);
  return (
    <div className={rootClass(shape, part)}>
      <Frame bones={head} />
      <p className={labelClass(showLabel)} role="status">
        {label}
      </p>
      <Frame bones={body} />
    </div>
  );
}
