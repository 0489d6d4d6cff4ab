/**
 * The one way into the notifications' code from the first visit's bundle: the nav's bell and the
 * /notifications route both import this module, so they share one chunk and one entry in the bundle's list of
 * chunks (the first visit's JavaScript pays per lazy chunk it names).
 */
export { NotificationBell } from './components/NotificationBell';
export { NotificationsPage } from './routes/NotificationsPage';
