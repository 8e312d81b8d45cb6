import type { ComponentType, CSSProperties, SVGProps } from 'react';
import { Link } from 'react-router-dom';
import { CoachPortrait } from '../../../components/CoachPortrait/CoachPortrait';
import { ArrowIcon, BookIcon, InstagramIcon, TikTokIcon, WhatsAppIcon, YouTubeIcon } from '../../../components/icons/SocialIcons';
import { useCoach, useSiteLinks } from '../../../lib/site';
import { useTrackView } from '../../../lib/track-view';
import styles from './MenuPage.module.css';

type MainLink = { to: string; label: string; detail: string };

/** The signed-in visitor, as the menu shows them; app/ passes it in (features do not read each other). */
export type MenuProfile = { username: string; profileImage: string | null };

const mainLinks: MainLink[] = [
  { to: '/reprograma', label: 'Programa Reprogramate', detail: '5 semanas de coaching con sesiones 1:1' },
  { to: '/masterclasses', label: 'Masterclasses mensuales', detail: 'Teoría, práctica y encuentros en vivo' },
  { to: '/recursos-gratuitos', label: 'Recursos gratuitos', detail: 'Meditaciones, guías y un audiolibro' },
  { to: '/hielo', label: 'Retiro de hielo en Córdoba', detail: 'Tres días de yoga, respiración y frío' },
  { to: '/coaching', label: 'Sesión 1:1 de propósito', detail: '60 minutos para encontrar tu camino' },
];

export const MENU_WHATSAPP_MESSAGE = '¡Hola! Vengo del menú de Manifiesta y quiero saber más.';

type SocialLink = { href: string | null; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> };

/** The coach's profiles, chat and book: only those she has set (none on a fresh install). */
function useSocialLinks(): (SocialLink & { href: string })[] {
  const { links, whatsappLink } = useSiteLinks();
  const all: SocialLink[] = [
    { href: links.instagram, label: 'Instagram', Icon: InstagramIcon },
    { href: links.tiktok, label: 'TikTok', Icon: TikTokIcon },
    { href: links.youtube, label: 'YouTube', Icon: YouTubeIcon },
    { href: whatsappLink(MENU_WHATSAPP_MESSAGE), label: 'WhatsApp', Icon: WhatsAppIcon },
    { href: links.book, label: 'Mi libro', Icon: BookIcon },
  ];
  return all.filter((link): link is SocialLink & { href: string } => link.href !== null);
}

const continueCourse: MainLink = {
  to: '/cursos/manifiesta',
  label: 'Continuar mi Curso',
  detail: 'Retoma tu camino justo donde lo dejaste',
};

const stagger = (index: number) => ({ '--i': index }) as CSSProperties;

/** Link-in-bio home: most visitors arrive here from a social profile, on a phone. */
export function MenuPage({ profile = null }: { profile?: MenuProfile | null }) {
  useTrackView('menu');
  const socialLinks = useSocialLinks();
  const coach = useCoach();
  // For a signed-in visitor the first link leads back into the course.
  const shownLinks = profile ? [continueCourse, ...mainLinks.slice(1)] : mainLinks;

  return (
    <div className={styles.page}>
      <title>Manifiesta · Coaching holístico</title>
      <header className={styles.profile}>
        {profile?.profileImage ? (
          <img className={styles.portrait} src={profile.profileImage} alt={`Foto de perfil de ${profile.username}`} width={136} height={136} />
        ) : coach.portrait ? (
          <CoachPortrait portrait={coach.portrait} name={coach.name} className={styles.portrait} sizes="136px" />
        ) : null}
        <h1 className={styles.name}>Manifiesta</h1>
        {coach.name ? <p className={styles.coachName}>con {coach.name}</p> : null}
        {profile ? <p className={styles.handle}>@{profile.username}</p> : null}
        <p className={styles.tagline}>Coaching holístico para reprogramar tu mente y crear la vida que eliges.</p>
      </header>

      <nav aria-label="Enlaces principales">
        <ul className={styles.links}>
          {shownLinks.map((link, index) => (
            <li key={link.to} className={styles.item} style={stagger(index)}>
              <Link to={link.to} className={styles.link}>
                <span className={styles.linkText}>
                  <span className={styles.linkLabel}>{link.label}</span>
                  <span className={styles.linkDetail}>{link.detail}</span>
                </span>
                <ArrowIcon className={styles.arrow} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {socialLinks.length === 0 ? null : (
        <nav aria-label="Redes sociales">
          <ul className={styles.social}>
            {socialLinks.map(({ href, label, Icon }, index) => (
              <li key={label} className={styles.item} style={stagger(shownLinks.length + index)}>
                <a href={href} className={styles.socialLink} target="_blank" rel="noopener noreferrer">
                  <Icon className={styles.socialIcon} />
                  <span>{label}</span>
                  <span className="sr-only"> (se abre en otra pestaña)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <footer className={styles.footer}>© {new Date().getFullYear()} Manifiesta</footer>
    </div>
  );
}
