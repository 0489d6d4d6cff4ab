import { MAX_FILTER_TOPICS } from '@openlfg/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListSearch } from '../../../lib/url-list-query';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../session/session-context';
import { LandingHeader } from '../components/LandingHeader';
import { ProjectControls } from '../components/ProjectControls';
import { ProjectResults } from '../components/ProjectResults';
import { projectSorts } from '../list-query';
import { useListQuery } from '../use-list-query';
import { SkipToResults } from '../../../components/SkipToResults';
import styles from '../../../components/ListPage.module.css';

/** How far below the top of the window the list counts as reached (the sticky bar is 76px tall). */
const LIST_REACHED_OFFSET_PX = 160;

function scrollBehaviour(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

export function ProjectsPage() {
  useDocumentTitle('Open source projects');
  const { query, hrefFor, update } = useListQuery();
  const { showedLandingScroll, setShowedLandingScroll } = useSession();
  // Read once: the header keeps its size while the user is on the page, whatever they do.
  const [compactHeader] = useState(showedLandingScroll);
  const listRef = useRef<HTMLElement>(null);
  const resultsRef = useRef<HTMLElement>(null);

  // The first time in a session the user reaches the list (by the button or by scrolling), remember it, so
  // later visits skip the landing spacing. Nothing scrolls on its own.
  useEffect(() => {
    if (showedLandingScroll) return;
    const onScroll = () => {
      const top = listRef.current?.getBoundingClientRect().top;
      if (top !== undefined && top <= LIST_REACHED_OFFSET_PX) setShowedLandingScroll(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [showedLandingScroll, setShowedLandingScroll]);

  const browse = () => {
    listRef.current?.scrollIntoView?.({ behavior: scrollBehaviour(), block: 'start' });
    listRef.current?.focus({ preventScroll: true });
    setShowedLandingScroll(true);
  };

  const onPageChange = () => {
    resultsRef.current?.scrollIntoView?.({ behavior: scrollBehaviour(), block: 'start' });
    resultsRef.current?.focus({ preventScroll: true });
  };

  const clearFilters = useCallback(() => update({ topics: [], languages: [], showNew: false }), [update]);
  const search = useListSearch(projectSorts, query, update);
  const clearSearch = useCallback(() => search(''), [search]);

  const toggleTopic = (topic: string) => {
    if (query.topics.includes(topic)) {
      update({ topics: query.topics.filter((item) => item !== topic) });
    } else if (query.topics.length >= MAX_FILTER_TOPICS) {
      toast.info(`You can filter by up to ${MAX_FILTER_TOPICS} topics.`);
    } else {
      update({ topics: [...query.topics, topic] });
    }
  };

  return (
    <>
      <SkipToResults target={resultsRef} />
      <LandingHeader compact={compactHeader} onBrowse={browse} />
      <section ref={listRef} tabIndex={-1} className={styles.list} aria-labelledby="projects-list-heading">
        <h2 id="projects-list-heading" className={styles.heading}>
          Projects
        </h2>
        <ProjectControls query={query} onChange={update} onClear={clearFilters} onSearch={search} />
        <ProjectResults
          query={query}
          hrefFor={hrefFor}
          onChange={update}
          onClear={clearFilters}
          onClearSearch={clearSearch}
          onTopicToggle={toggleTopic}
          topRef={resultsRef}
          onPageChange={onPageChange}
        />
      </section>
    </>
  );
}
