/**
 * The group's and the project's pages load their page module and then their board (and the mentors' panel)
 * lazily. A test's first render pays for importing those module trees, which on a busy machine can take longer
 * than one `findBy` wait; loaded here in a `beforeAll` (whose limit is sized for a slow machine), each wait
 * then measures only what the test means to wait for.
 */
export async function preloadBoardViews(): Promise<void> {
  await Promise.all([
    import('../app/routes/group-page/GroupProjectPage'),
    import('../app/routes/project-page/ProjectPageRoute'),
    import('../features/messages/components/DiscussionBoard'),
    import('../features/mentors/components/MentorsPanel'),
    import('../features/moderation/components/HiddenGroupRestore'),
  ]);
}
