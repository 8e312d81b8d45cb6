// The optional site-wide notice: a dismissible banner above every page (its text from notice-source.ts).
import { lazy, Suspense, useContext, useEffect, useState } from 'react';
import { NoticeSourceContext } from './notice-source';

const SiteNoticeBanner = lazy(() => import('./SiteNoticeBanner').then((m) => ({ default: m.SiteNoticeBanner })));

export function SiteNotice() {
  const source = useContext(NoticeSourceContext);
  if (!source) throw new Error('SiteNotice must be used inside <AppProviders>.');
  const [notice, setNotice] = useState(source.get);

  useEffect(() => {
    let current = true;
    void source.load().then((loaded) => {
      if (current) setNotice(loaded);
    });
    return () => {
      current = false;
    };
  }, [source]);

  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <SiteNoticeBanner notice={notice} />
    </Suspense>
  );
}
