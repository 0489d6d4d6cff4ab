/**
 * Puts text on the clipboard: the Clipboard API where the browser grants it, else the older copy command on a
 * selected, off-screen field (an insecure origin, a refused permission, an older browser). Answers whether
 * either worked, so the caller can show the text for copying by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('No Clipboard API');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyWithCommand(text);
  }
}

function copyWithCommand(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  // Set through the CSSOM, which the site's CSP allows (it refuses inline style attributes).
  field.style.position = 'fixed';
  field.style.opacity = '0';
  const focused = document.activeElement;
  document.body.append(field);
  field.focus();
  field.select();
  try {
    // Deprecated, yet the one way left to copy when the Clipboard API is refused.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    if (focused instanceof HTMLElement) focused.focus();
  }
}
