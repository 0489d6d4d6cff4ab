import { useParams } from 'react-router';
import { EmailSettingsPage } from '../../../features/mail/routes/EmailSettingsPage';
import { BlockedUsers } from '../../../features/safety/BlockedUsers';

/**
 * `/settings/email`: the notification email (mail feature) and, below it, the people the user blocked (safety
 * feature). The mail's confirm and unsubscribe pages under it are the mail feature's alone.
 */
export function SettingsPage() {
  const step = useParams()['*'];
  return (
    <>
      <EmailSettingsPage />
      {step ? null : <BlockedUsers />}
    </>
  );
}
