import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lazyComponent } from '../../../lib/lazy-component';
import { toggledTopics } from '../../../lib/topic-filter';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { readPostPrefill, withoutPostPrefill } from '../../../lib/group-post-prefill';
import { isSearching, useListSearch } from '../../../lib/url-list-query';
import { useSession } from '../../../session/session-context';
import { GroupControls } from '../components/GroupControls';
import { GroupResults } from '../components/GroupResults';
import { GroupsHeader } from '../components/GroupsHeader';
import { useGroupProjects } from '../api/get-group-projects';
import { groupSorts, hasGroupFilters, toGroupListRequest } from '../list-query';
import { useGroupListQuery } from '../use-group-list-query';
import { SkipToResults } from '../../../components/SkipToResults';
import styles from '../../../components/ListPage.module.css';

/**
 * The posting form (with react-hook-form, TypeBox and the contract's schema that check it) loads when it is
 * first opened: most visitors of the list never post.
 */
const PostGroupModal = lazyComponent(
  async () => (await import('../components/PostGroupModal')).PostGroupModal,
);

const LIST_REACHED_OFFSET_PX = 160;
const POST_RETURN_TO = '/group-projects?post=new';

function scrollBehaviour(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** The search without `post=new` and what the form is filled with, which only open the posting form. */
function withoutPost(search: string): string {
  const params = withoutPostPrefill(new URLSearchParams(search));
  params.delete('post');
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

export function GroupProjectsPage() {
  useDocumentTitle('Looking for group');
  const { query, hrefFor, update } = useGroupListQuery();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn, isLoginLoading, openLoginModal, showedGroupScroll, setShowedGroupScroll } =
    useSession();
  const [compactHeader] = useState(showedGroupScroll);
  const listRef = useRef<HTMLElement>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const wantsPost = new URLSearchParams(search).get('post') === 'new';
  // Read once, when the form first opens: what it was filled with then stays, whatever the address says later.
  const [prefill] = useState(() => (wantsPost ? readPostPrefill(search) : null));
  const postOpen = wantsPost && isLoggedIn;
  // Once opened, the form stays mounted (closed), so that focus goes back to what opened it.
  const [postLoaded, setPostLoaded] = useState(postOpen);
  if (postOpen && !postLoaded) setPostLoaded(true);

  useEffect(() => {
    if (showedGroupScroll) return;
    const onScroll = () => {
      const top = listRef.current?.getBoundingClientRect().top;
      if (top !== undefined && top <= LIST_REACHED_OFFSET_PX) setShowedGroupScroll(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [showedGroupScroll, setShowedGroupScroll]);

  // Signed out, `?post=new` asks the user to sign in first and comes back here with the form open.
  useEffect(() => {
    if (!wantsPost || isLoginLoading || isLoggedIn) return;
    // Back here after signing in, with the form open and filled as it was asked.
    openLoginModal(`/group-projects${search}`);
    void navigate(`${pathname}${withoutPost(search)}`, { replace: true, preventScrollReset: true });
  }, [wantsPost, isLoginLoading, isLoggedIn, openLoginModal, navigate, pathname, search]);

  const browse = () => {
    listRef.current?.scrollIntoView?.({ behavior: scrollBehaviour(), block: 'start' });
    listRef.current?.focus({ preventScroll: true });
    setShowedGroupScroll(true);
  };

  const openPost = useCallback(() => {
    if (!isLoggedIn) {
      openLoginModal(POST_RETURN_TO);
      return;
    }
    const params = new URLSearchParams(search);
    params.set('post', 'new');
    void navigate(`${pathname}?${params.toString()}`, { preventScrollReset: true });
  }, [isLoggedIn, openLoginModal, navigate, pathname, search]);

  const closePost = useCallback(() => {
    void navigate(`${pathname}${withoutPost(search)}`, { replace: true, preventScrollReset: true });
  }, [navigate, pathname, search]);

  const onPageChange = () => {
    resultsRef.current?.scrollIntoView?.({ behavior: scrollBehaviour(), block: 'start' });
    resultsRef.current?.focus({ preventScroll: true });
  };

  const clearFilters = useCallback(
    () => update({ topics: [], skillLevels: [], visibility: null, status: '', datePosted: null }),
    [update],
  );
  const searchList = useListSearch(groupSorts, query, update);
  const clearSearch = useCallback(() => searchList(''), [searchList]);

  const toggleTopic = (topic: string) => {
    const topics = toggledTopics(query.topics, topic);
    if (topics) update({ topics });
  };

  // With no group at all, the empty state's own "Post a group project" says it (the nav bar has the other):
  // the header's would make a third on one screen. The list's one request, shared with the results.
  const nothingYet =
    useGroupProjects(toGroupListRequest(query)).data?.total === 0 &&
    !hasGroupFilters(query) &&
    !isSearching(query.q);

  return (
    <>
      <SkipToResults target={resultsRef} />
      <GroupsHeader compact={compactHeader} onBrowse={browse} onPost={nothingYet ? null : openPost} />
      <section ref={listRef} tabIndex={-1} className={styles.list} aria-labelledby="groups-list-heading">
        <h2 id="groups-list-heading" className={styles.heading}>
          Groups
        </h2>
        <GroupControls query={query} onChange={update} onClear={clearFilters} onSearch={searchList} />
        <GroupResults
          query={query}
          hrefFor={hrefFor}
          onChange={update}
          onClear={clearFilters}
          onClearSearch={clearSearch}
          onPost={openPost}
          onTopicToggle={toggleTopic}
          topRef={resultsRef}
          onPageChange={onPageChange}
        />
      </section>
      {postLoaded ? (
        <Suspense fallback={null}>
          <PostGroupModal open={postOpen} onClose={closePost} prefill={prefill} />
        </Suspense>
      ) : null}
    </>
  );
}
