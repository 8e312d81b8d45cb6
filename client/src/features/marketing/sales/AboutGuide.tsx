// "Quién te acompaña": the coach's photo beside the page's own words about her.
import type { ReactNode } from 'react';
import { CoachPortrait } from '../../../components/CoachPortrait/CoachPortrait';
import { useAuth } from '../../../lib/session/useAuth';
import { RevealItem } from './layout';
import styles from './sales.module.css';

const PHOTO_SIZE = 200;

/** The photo shown for the coach: the signed-in user's profileImage when there is one, else the default. */
export function GuidePhoto({ className = styles.guidePhoto }: { className?: string }) {
  const { user } = useAuth();
  return user?.profileImage ? (
    <img className={className} src={user.profileImage} alt="Foto de tu coach" width={PHOTO_SIZE} height={PHOTO_SIZE} loading="lazy" decoding="async" />
  ) : (
    <CoachPortrait className={className} label="Foto de tu coach" />
  );
}

export function AboutGuide({ children }: { children: ReactNode }) {
  return (
    <div className={styles.guide}>
      <RevealItem as="div" index={0} className={styles.guideMedia}>
        <GuidePhoto />
      </RevealItem>
      <RevealItem as="div" index={1} className={styles.guideText}>
        {children}
      </RevealItem>
    </div>
  );
}
