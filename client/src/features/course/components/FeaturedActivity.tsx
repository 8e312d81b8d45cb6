// The current activity, up front: its video (when the coach put one and it is not premium-locked) playing silently,
// a play button for the full video, and 'Comenzar Actividad'.
import { useState } from 'react';
import type { Activity } from '../../../../../course/syllabus';
import { ButtonLink } from '../../../components/Button/Button';
import { Modal } from '../../../components/Modal/Modal';
import { Video } from '../../../components/Video/Video';
import { activityPath } from '../../../lib/course-paths';
import { useActivityVideo } from '../../../lib/activity/video';
import { PlayGlyph } from './CourseIcons';
import styles from './Syllabus.module.css';

type FeaturedActivityProps = {
  activity: Activity;
  label: string;
  moduleTitle: string;
  showVideo: boolean;
};

export function FeaturedActivity({ activity, label, moduleTitle, showVideo }: FeaturedActivityProps) {
  const [playing, setPlaying] = useState(false);
  const video = useActivityVideo(activity, showVideo);

  return (
    <section className={styles.featured} aria-labelledby="actividad-actual">
      {video ? (
        <div className={styles.preview}>
          <Video src={video} title={`Adelanto de «${activity.title}»`} preview className={styles.previewVideo} />
          <button type="button" className={styles.play} onClick={() => setPlaying(true)}>
            <PlayGlyph className={styles.playGlyph} />
            <span>Ver video</span> <span className="sr-only">de «{activity.title}»</span>
          </button>
        </div>
      ) : null}
      <div className={styles.featuredText}>
        <p className={styles.featuredLabel}>{label}</p>
        <p className={styles.featuredModule}>{moduleTitle}</p>
        <h2 id="actividad-actual" className={styles.featuredTitle}>
          {activity.title}
        </h2>
        <p className={styles.featuredDescription}>{activity.description}</p>
        <ButtonLink className={styles.featuredButton} to={activityPath(activity.slug)}>
          Comenzar Actividad
        </ButtonLink>
      </div>
      {playing && video ? (
        <Modal title={`Video: ${activity.title}`} hideTitle size="wide" onClose={() => setPlaying(false)}>
          <Video src={video} title={activity.title} autoPlay onEnded={() => setPlaying(false)} />
        </Modal>
      ) : null}
    </section>
  );
}
