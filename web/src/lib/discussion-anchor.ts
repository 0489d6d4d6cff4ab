/** The anchor of the board on its group's page: "Open discussion" links to `/group-projects/{id}#discussion`. */
export const DISCUSSION_ANCHOR = 'discussion';
