/**
 * react-toastify and its stylesheet, loaded together when the first toast is shown (`toast.tsx`). The unstyled
 * entry, because the default one injects a <style> tag at run time, which the site's Content-Security-Policy
 * (style-src 'self') blocks; the stylesheet is bundled with this chunk instead.
 */
import 'react-toastify/ReactToastify.css';
import '../styles/toast.css';

export { toast, ToastContainer } from 'react-toastify/unstyled';
