// A video from any address: a YouTube or Vimeo embed, or the browser's own player.
import styles from './Video.module.css';
import { videoEmbed } from '../../../../course/video';

type VideoProps = {
  src: string;
  /** Names the player for screen readers. */
  title: string;
  /** A silent looping preview (autoplay, muted, inline, no controls) instead of a player. */
  preview?: boolean;
  autoPlay?: boolean;
  onEnded?: () => void;
  className?: string;
};

export function Video({ src, title, preview = false, autoPlay = preview, onEnded, className }: VideoProps) {
  const embed = videoEmbed(src, { autoplay: autoPlay, muted: preview, loop: preview, controls: !preview });
  const classes = className ? `${styles.frame} ${className}` : styles.frame;
  if (embed) {
    return (
      <iframe
        className={classes}
        src={embed.src}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        // A preview is decoration: the play button next to it is the way in.
        tabIndex={preview ? -1 : undefined}
      />
    );
  }
  return (
    <video
      className={classes}
      src={src}
      title={title}
      aria-label={title}
      autoPlay={autoPlay}
      muted={preview}
      loop={preview}
      playsInline
      controls={!preview}
      preload={preview ? 'auto' : 'metadata'}
      onEnded={onEnded}
    />
  );
}
