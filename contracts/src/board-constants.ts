/**
 * The boards' and the realtime connection's plain values: rooms, message limits, the socket's path, heartbeat,
 * limits and close codes. Apart from constants.ts, whose values ship with the web's first visit: only the boards
 * (lazily loaded), the realtime client and the server use these.
 */

/** The chat room of a group's discussion board. */
export const discussionRoom = (groupProjectId: number) => `discussion-board-${groupProjectId}`;
/** The realtime room of a project's room (its public board). */
export const projectRoom = (projectId: number) => `project-room-${projectId}`;

/** The longest message the discussion board takes, in characters. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Messages per page of a board's history. */
export const MESSAGE_PAGE_SIZE = 50;
/** A client-chosen message id (for idempotent sends): letters, digits, `-` and `_`, as a UUID is. */
export const CLIENT_MESSAGE_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';
/** The largest realtime frame a client may send, in bytes. Larger frames close the socket (1009). */
export const REALTIME_MAX_FRAME_BYTES = 4096;
/** The server sends `{ type: 'heartbeat' }` this often; a client that hears nothing for twice as long reconnects. */
export const REALTIME_HEARTBEAT_MS = 25_000;
/** Rooms one socket may follow at once. */
export const REALTIME_MAX_ROOMS = 100;
/**
 * Sockets one session may hold open on one node. A browser opens one per tab, so a user with twenty tabs of the
 * site still gets a socket in each; past that it is a client opening sockets in a loop.
 */
export const REALTIME_MAX_SOCKETS_PER_SESSION = 20;
/**
 * Sockets one address may hold open on one node, signed in or not (anonymous visitors have no session to count
 * by). Higher than per session because several people behind one NAT or office proxy share an address; the
 * server's REALTIME_SOCKETS_PER_ADDRESS setting changes it.
 */
export const REALTIME_MAX_SOCKETS_PER_ADDRESS = 60;

/**
 * Close codes the server uses besides the standard ones: 4401 the session ended (logout or expiry; the client
 * signs the user out), 4408 the connection missed its heartbeats, 4429 the session or address already holds as
 * many sockets as a node takes (the socket is refused before `ready`, so the client backs off as after any other
 * failed attempt). 1008 is a policy violation (foreign Origin, flood), 1007 a frame that is not UTF-8, 1009 a
 * frame over the size limit, 1001 the node is shutting down (reconnect).
 */
export const REALTIME_CLOSE_SESSION_ENDED = 4401;
export const REALTIME_CLOSE_HEARTBEAT_MISSED = 4408;
export const REALTIME_CLOSE_TOO_MANY_CONNECTIONS = 4429;

/** The discussion boards' WebSocket, on the site's own origin (it is not a JSON endpoint: see messages.ts). */
export const REALTIME_PATH = '/api/realtime';
