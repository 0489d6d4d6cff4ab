/**
 * Toasts for the whole app. Import them from here, never from 'react-toastify' itself: its default entry injects
 * a <style> tag at run time, which the site's Content-Security-Policy (style-src 'self') blocks, and it keeps a
 * separate toast store, so toasts sent through it would never reach our container. The stylesheet is bundled
 * through app/providers.tsx instead.
 */
export { toast, ToastContainer } from 'react-toastify/unstyled';
