import {
  notificationLink,
  notificationText,
  type MailLinkOutcome,
  type MailSettings,
  type MailSettingsBody,
  type SavedMailSettings,
} from '@openlfg/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, conflict } from '../platform/http/errors.js';
import type { Mailer } from '../platform/mail/mailer.js';
import { toNotification } from '../notifications/presenters.js';
import { undeliverableReason } from './address.js';
import { confirmationMail, digestMail, type DigestItem } from './compose.js';
import type { MailRepository, MailSettingsRow } from './repository.js';
import type { MailTokens } from './tokens.js';

interface Caller {
  id: number;
}

/** Notifications one digest lists; more are summed up with a link to the full list. */
export const DIGEST_MAX_ITEMS = 20;
/** Users one round of one node takes. */
const ROUND_USERS = 25;

const NOT_AVAILABLE =
  'Email is not set up on this site (no mail server): notifications stay in the app, under the bell.';
const BAD_LINK =
  'This link is not valid any more: open the latest mail, or change your email settings on the site.';

/**
 * Notification email: the settings (address, confirmation, digest), the signed links of the mail, and the
 * digest rounds. Without SMTP_URL (`mailer` null) the settings say so and nothing is sent.
 */
export function createMailService(deps: {
  repository: MailRepository;
  mailer: Mailer | null;
  tokens: MailTokens;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { repository, mailer, tokens, publicUrl } = deps;
  const available = mailer !== null;
  const present = async (row: MailSettingsRow | null): Promise<MailSettings> => {
    const awaiting = row !== null && !row.confirmed;
    const nextAt = awaiting ? await repository.confirmationNextAt(row.userId, row.email) : null;
    return {
      available,
      email: row?.email ?? null,
      confirmed: row?.confirmed ?? false,
      digest: row?.digest ?? 'daily',
      confirmationNextAt: nextAt?.toISOString() ?? null,
      confirmationPending: awaiting && row.confirmationDue,
    };
  };
  const outcome = (row: MailSettingsRow): MailLinkOutcome => ({
    email: row.email,
    digest: row.digest,
    confirmed: row.confirmed,
  });

  /**
   * Sends a confirmation mail to `email` if the limits let one go now (`later` if not). A mail server that
   * does not take it fails nothing: the mail waits for the digest rounds (`pending`), which try it again.
   */
  async function offerConfirmation(userId: number, email: string): Promise<'sent' | 'later' | 'pending'> {
    if (!mailer || (await repository.claimConfirmation(userId, email))) return 'later';
    const link = `${publicUrl}/settings/email/confirm?token=${encodeURIComponent(tokens.confirmToken(userId, email))}`;
    try {
      await mailer.send(confirmationMail({ to: email, link }));
    } catch (error) {
      deps.log.warn(
        { err: error, userId },
        'a confirmation mail could not be sent; a later round tries again',
      );
      await repository.setConfirmationDue(userId, email, true);
      return 'pending';
    }
    await repository.setConfirmationDue(userId, email, false);
    return 'sent';
  }

  /** One user's digest: what came since the last one, if anything. Answers whether a mail went out. */
  async function sendDigest(due: { userId: number; email: string; digestAfterId: number }): Promise<boolean> {
    if (!mailer) return false;
    const rows = await repository.unreadSince(due.userId, due.digestAfterId, DIGEST_MAX_ITEMS + 1);
    if (rows.length === 0) return false;
    const shown = rows.slice(0, DIGEST_MAX_ITEMS);
    const items: DigestItem[] = shown.map((row) => {
      const notification = toNotification(row);
      return {
        id: notification.id,
        text: notificationText(notification),
        path: notificationLink(notification) ?? '/notifications',
        createdAt: row.created_at,
      };
    });
    // Past a mail's worth, the rest is summed up ("…and 12 more") and counted as carried.
    const rest =
      rows.length > DIGEST_MAX_ITEMS
        ? await repository.unreadSummarySince(due.userId, due.digestAfterId)
        : { count: shown.length, lastId: Math.max(...shown.map((row) => row.id)) };
    const more = rest.count - shown.length;
    const token = encodeURIComponent(tokens.unsubscribeToken(due.userId, due.email));
    await mailer.send(
      digestMail({
        to: due.email,
        items,
        more,
        siteUrl: publicUrl,
        settingsUrl: `${publicUrl}/settings/email`,
        unsubscribeUrl: `${publicUrl}/api/mail/unsubscribe?token=${token}`,
        unsubscribePageUrl: `${publicUrl}/settings/email/unsubscribe?token=${token}`,
      }),
    );
    await repository.sent(due.userId, rest.lastId);
    return true;
  }

  return {
    available,

    async settings(caller: Caller): Promise<MailSettings> {
      return present(await repository.find(caller.id));
    },

    /**
     * Sets the caller's address and digest. An unconfirmed address is sent a confirmation mail, within the
     * limits (one per address per 10 minutes, five per user a day): past them the settings are saved all the
     * same and the answer says when the next mail may go. Null forgets the address.
     */
    async update(caller: Caller, body: MailSettingsBody): Promise<SavedMailSettings> {
      if (body.email === null) {
        await repository.forget(caller.id);
        return { ...(await present(null)), confirmationMail: 'none' };
      }
      const email = body.email.trim();
      const undeliverable = undeliverableReason(email);
      if (undeliverable) {
        throw badRequest(`body.email is not an address mail can be delivered to: ${undeliverable}.`);
      }
      if (!mailer) throw conflict(NOT_AVAILABLE);
      const row = await repository.save(
        caller.id,
        email,
        body.digest,
        await repository.latestNotificationId(caller.id),
      );
      const confirmationMail = row.confirmed ? 'none' : await offerConfirmation(caller.id, email);
      const saved = confirmationMail === 'none' ? row : await repository.find(caller.id);
      return { ...(await present(saved)), confirmationMail };
    },

    async confirm(token: string): Promise<MailLinkOutcome> {
      const claim = tokens.readConfirm(token);
      const row = claim ? await repository.confirm(claim.userId, claim.email) : null;
      if (!row) throw badRequest(BAD_LINK);
      return outcome(row);
    },

    async unsubscribe(token: string): Promise<MailLinkOutcome> {
      const claim = tokens.readUnsubscribe(token);
      const row = claim ? await repository.unsubscribe(claim.userId, claim.email) : null;
      if (!row) throw badRequest(BAD_LINK);
      return outcome(row);
    },

    /**
     * One round: first the confirmation mails the mail server did not take before, then the users whose digest is
     * due (each leased to this node), each sent what is new. A mail server that fails leaves the mail for a later
     * round; one user's failure does not stop the others.
     */
    async runRound(): Promise<{ sent: number; failed: number }> {
      if (!mailer) return { sent: 0, failed: 0 };
      let sent = 0;
      let failed = 0;
      for (const due of await repository.leaseDueConfirmations(ROUND_USERS)) {
        const outcome = await offerConfirmation(due.userId, due.email);
        if (outcome === 'sent') sent += 1;
        if (outcome === 'pending') failed += 1;
        await repository.release(due.userId);
      }
      for (const due of await repository.leaseDue(ROUND_USERS)) {
        try {
          if (await sendDigest(due)) sent += 1;
          else await repository.release(due.userId);
        } catch (error) {
          failed += 1;
          deps.log.warn({ err: error, userId: due.userId }, 'a notification digest could not be sent');
          await repository.release(due.userId);
        }
      }
      return { sent, failed };
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
